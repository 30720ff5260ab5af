DROP INDEX "tab_share_payments_one_pending";--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD COLUMN "method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tab_share_payments" ADD COLUMN "failure" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tab_share_payments_one_pending_per_method" ON "tab_share_payments" USING btree ("share_id","method") WHERE "tab_share_payments"."status" = 'pending';