CREATE TABLE "ledger_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"revenue" bigint NOT NULL,
	"service_fees" bigint NOT NULL,
	"delivery_fees" bigint NOT NULL,
	"discounts" bigint NOT NULL,
	"order_sales" integer NOT NULL,
	"cancels" integer NOT NULL,
	"cancelled_amount" bigint NOT NULL,
	CONSTRAINT "ledger_days_store_id_day_dim_key_pk" PRIMARY KEY("store_id","day","dim","key")
);
--> statement-breakpoint
ALTER TABLE "ledger_days" ADD CONSTRAINT "ledger_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_store_at_counted" ON "ledger_entries" USING btree ("store_id","at") WHERE "ledger_entries"."kind" = 'estorno' or "ledger_entries"."order_id" is null;