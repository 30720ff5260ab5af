CREATE TABLE "tab_share_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"copy_paste" text,
	"qr" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"needs_manual_refund" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD CONSTRAINT "tab_share_payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD CONSTRAINT "tab_share_payments_share_id_tab_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."tab_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tab_share_payments_reference" ON "tab_share_payments" USING btree ("store_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "tab_share_payments_one_pending" ON "tab_share_payments" USING btree ("share_id") WHERE "tab_share_payments"."status" = 'pending';