-- Custom SQL migration file, put your code below! --
-- Orders placed at a table's QR code before channels existed.
UPDATE "orders" SET "channel" = 'mesa' WHERE "table_id" IS NOT NULL;
