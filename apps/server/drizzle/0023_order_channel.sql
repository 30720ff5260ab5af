ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_by" integer;