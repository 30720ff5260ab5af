CREATE TABLE "stray_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"reference" text NOT NULL,
	"payment_id" integer,
	"share_payment_id" integer,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "stray_charges" ADD CONSTRAINT "stray_charges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stray_charges" ADD CONSTRAINT "stray_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stray_charges" ADD CONSTRAINT "stray_charges_share_payment_id_tab_share_payments_id_fk" FOREIGN KEY ("share_payment_id") REFERENCES "public"."tab_share_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stray_charges_ref" ON "stray_charges" USING btree ("store_id","provider","provider_ref");--> statement-breakpoint
CREATE INDEX "stray_charges_due" ON "stray_charges" USING btree ("status","updated_at") WHERE "stray_charges"."status" = 'due';