-- Custom SQL migration file, put your code below! --
-- Table shares' takings get the store's payment method they name (docs/decisions/0064): paid in
-- the app, the online entry (999 PIX, 998 card) named as an order's; paid at the counter, the
-- store's in-person method of that name, when one has it.
UPDATE "ledger_entries" SET
  "payment_method_id" = CASE WHEN "payment_name" = 'Cartão (app)' THEN 998 ELSE 999 END,
  "payment_name" = CASE WHEN "payment_name" = 'Cartão (app)' THEN 'Cartão online' ELSE 'PIX online' END
WHERE "share_id" IS NOT NULL AND "online" AND "payment_method_id" IS NULL;
--> statement-breakpoint
UPDATE "ledger_entries" l SET "payment_method_id" = (
  SELECT m."id" FROM "payment_methods" m
  WHERE m."store_id" = l."store_id" AND m."id" NOT IN (993, 994, 995, 996, 997, 998, 999)
    AND lower(trim(m."descricao")) = lower(trim(l."payment_name"))
  ORDER BY m."ordem", m."id" LIMIT 1)
WHERE l."share_id" IS NOT NULL AND NOT l."online" AND l."payment_method_id" IS NULL;
--> statement-breakpoint
-- The ledger's figures by store-local day (docs/decisions/0064), kept by the database itself so
-- no writer can leave them behind: each entry inserted is added to its day's rows (total, its
-- hour, channel, delivery type and payment method) in the transaction that writes it, each entry
-- deleted (an order or a store removed) is taken off, and a store whose time zone changes has its
-- days rebuilt from its entries. Then every store's days are built from the entries there are.
CREATE FUNCTION ledger_days_apply(e ledger_entries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  local_at timestamp;
BEGIN
  SELECT s.time_zone INTO zone FROM stores s WHERE s.id = e.store_id;
  -- The store itself is being removed: its days go with it.
  IF zone IS NULL THEN RETURN; END IF;
  local_at := e.at AT TIME ZONE zone;
  INSERT INTO ledger_days AS d (store_id, day, dim, key, revenue, service_fees, delivery_fees, discounts,
    order_sales, cancels, cancelled_amount)
  SELECT e.store_id, local_at::date, g.dim, g.key, sign * e.amount, sign * e.service_fee,
    sign * e.delivery_fee, sign * e.discount,
    sign * (e.kind = 'venda' AND e.order_id IS NOT NULL)::int,
    sign * (e.kind = 'estorno')::int,
    sign * CASE WHEN e.kind = 'estorno' THEN -e.amount ELSE 0 END
  FROM (VALUES ('total', ''), ('hour', extract(hour FROM local_at)::int::text), ('channel', e.channel),
    ('type', e.delivery_type),
    ('payment', CASE WHEN e.payment_method_id IS NOT NULL THEN 'm' || e.payment_method_id ELSE 'n:' || trim(e.payment_name) END)) AS g(dim, key)
  ON CONFLICT (store_id, day, dim, key) DO UPDATE SET
    revenue = d.revenue + excluded.revenue,
    service_fees = d.service_fees + excluded.service_fees,
    delivery_fees = d.delivery_fees + excluded.delivery_fees,
    discounts = d.discounts + excluded.discounts,
    order_sales = d.order_sales + excluded.order_sales,
    cancels = d.cancels + excluded.cancels,
    cancelled_amount = d.cancelled_amount + excluded.cancelled_amount;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM ledger_days_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM ledger_days_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_keep AFTER INSERT OR DELETE OR UPDATE OF store_id, at, kind, order_id, channel,
  delivery_type, payment_method_id, payment_name, amount, service_fee, delivery_fee, discount
  ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_days_keep();
--> statement-breakpoint
CREATE FUNCTION ledger_days_rebuild(store integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_days WHERE store_id = store;
  INSERT INTO ledger_days (store_id, day, dim, key, revenue, service_fees, delivery_fees, discounts,
    order_sales, cancels, cancelled_amount)
  SELECT l.store_id, (l.at AT TIME ZONE s.time_zone)::date, g.dim, g.key, sum(l.amount), sum(l.service_fee),
    sum(l.delivery_fee), sum(l.discount),
    count(*) FILTER (WHERE l.kind = 'venda' AND l.order_id IS NOT NULL),
    count(*) FILTER (WHERE l.kind = 'estorno'),
    coalesce(-sum(l.amount) FILTER (WHERE l.kind = 'estorno'), 0)
  FROM ledger_entries l JOIN stores s ON s.id = l.store_id
    CROSS JOIN LATERAL (VALUES ('total', ''),
      ('hour', extract(hour FROM l.at AT TIME ZONE s.time_zone)::int::text), ('channel', l.channel),
      ('type', l.delivery_type),
      ('payment', CASE WHEN l.payment_method_id IS NOT NULL THEN 'm' || l.payment_method_id ELSE 'n:' || trim(l.payment_name) END)) AS g(dim, key)
  WHERE l.store_id = store
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_days_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_zone AFTER UPDATE OF time_zone ON stores FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION ledger_days_zone();
--> statement-breakpoint
SELECT ledger_days_rebuild(id) FROM stores;
