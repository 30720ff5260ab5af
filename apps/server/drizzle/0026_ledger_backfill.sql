-- Custom SQL migration file, put your code below! --
-- The takings of orders and table shares written before the ledger existed (docs/decisions/0057):
-- each order that counts today as one sale at its placement, each paid share at its payment.
INSERT INTO "ledger_entries" (
  "store_id", "at", "kind", "order_id", "tab_id", "share_id", "channel", "delivery_type",
  "payment_method_id", "payment_name", "online", "products", "extras", "delivery_fee",
  "service_fee", "discount", "amount", "register_session_id", "staff_id")
SELECT o."store_id", o."dh_iniciado", 'venda', o."id", o."tab_id", NULL, o."channel", o."tipo_entrega",
  o."payment_method_id", coalesce(o."forma_pagamento_nome", 'Não informado'),
  coalesce(o."payment_method_id" IN (993, 994, 995, 996, 997, 998, 999), false),
  o."total_produtos", o."acrescimo", o."valor_entrega", 0,
  o."total_produtos" + o."acrescimo" + o."valor_entrega" - o."total", o."total", NULL, o."entered_by"
FROM "orders" o
WHERE o."status" <> 'Cancelado' AND NOT o."awaiting_payment"
  AND (o."tab_id" IS NULL OR o."payment_method_id" IN (993, 994, 995, 996, 997, 998, 999));
--> statement-breakpoint
INSERT INTO "ledger_entries" (
  "store_id", "at", "kind", "order_id", "tab_id", "share_id", "channel", "delivery_type",
  "payment_method_id", "payment_name", "online", "products", "extras", "delivery_fee",
  "service_fee", "discount", "amount", "register_session_id", "staff_id")
SELECT s."store_id", s."paid_at", 'venda', NULL, s."tab_id", s."id", 'mesa', 'Vem comer', NULL,
  coalesce(s."payment_method", 'Não informado'), s."paid_by" IS NULL,
  s."amount" - s."service_fee", 0, 0, s."service_fee", 0, s."amount", NULL, s."paid_by"
FROM "tab_shares" s
WHERE s."paid_at" IS NOT NULL;
