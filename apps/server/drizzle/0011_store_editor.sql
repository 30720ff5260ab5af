CREATE TABLE "store_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"section" text NOT NULL,
	"menu_version" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "excluido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "option_groups" ADD COLUMN "excluido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_audit_log" ADD CONSTRAINT "store_audit_log_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_audit_log" ADD CONSTRAINT "store_audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_audit_log_store" ON "store_audit_log" USING btree ("store_id","id");