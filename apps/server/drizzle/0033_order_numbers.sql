CREATE TABLE "store_order_numbers" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "numero" integer;--> statement-breakpoint
ALTER TABLE "store_order_numbers" ADD CONSTRAINT "store_order_numbers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_numero" ON "orders" USING btree ("store_id","numero");