ALTER TABLE "company_settings" ADD COLUMN "refusal_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "cancel_reasons" jsonb;