ALTER TABLE "company_settings" ADD COLUMN "open_mode" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "pause_reason" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "auto_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "option_group_items" ADD COLUMN "esgotado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "esgotado" boolean DEFAULT false NOT NULL;;--> statement-breakpoint
-- The old pause switch closed the store until switched back: that is the 'closed' mode now.
UPDATE "company_settings" SET "open_mode" = 'closed' WHERE "pausada";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "pausada";--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_open_mode" CHECK ("company_settings"."open_mode" in ('auto', 'open', 'closed'));
