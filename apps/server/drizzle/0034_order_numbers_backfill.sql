-- Custom SQL migration file, put your code below! ---- Each store's orders numbered from 1 in the order they reached the store (docs/decisions/0065);
-- orders still awaiting an online payment get theirs when it is confirmed.
UPDATE "orders" o SET "numero" = n."numero"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "store_id" ORDER BY "dh_iniciado", "id") AS "numero"
  FROM "orders" WHERE NOT "awaiting_payment"
) n
WHERE o."id" = n."id";
--> statement-breakpoint
INSERT INTO "store_order_numbers" ("store_id", "last_number")
SELECT "store_id", max("numero") FROM "orders" WHERE "numero" IS NOT NULL GROUP BY "store_id";
