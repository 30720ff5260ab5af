CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"nome" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"password_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('owner', 'manager', 'attendant'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_store_phone" ON "staff_accounts" USING btree ("store_id","phone") WHERE "staff_accounts"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_staff" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
-- Staff used to be customers with is_superuser (docs/decisions/0026). Each becomes a staff account of
-- its store with the same id, as owner (there were no roles), and its sessions and the order changes
-- it made follow it. Its customer row goes unless it placed orders (then it stays a customer).
INSERT INTO "staff_accounts" ("id", "store_id", "phone", "phone_country", "nome", "password_hash", "role", "password_changed_at", "created_at", "updated_at")
  SELECT "id", "store_id", "phone", "phone_country", "nome", "password_hash", 'owner', "password_changed_at", "created_at", "updated_at"
  FROM "customers" WHERE "is_superuser";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('staff_accounts', 'id'), coalesce((SELECT max("id") FROM "staff_accounts"), 0) + 1, false);--> statement-breakpoint
UPDATE "sessions" SET "staff_id" = "customer_id", "customer_id" = NULL
  WHERE "customer_id" IN (SELECT "id" FROM "customers" WHERE "is_superuser");--> statement-breakpoint
UPDATE "order_status_changes" SET "by_staff_id" = "by_customer_id", "by_customer_id" = NULL
  WHERE "from_status" IS NOT NULL AND "by_customer_id" IN (SELECT "id" FROM "customers" WHERE "is_superuser");--> statement-breakpoint
DELETE FROM "customers" c
  WHERE c."is_superuser" AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."customer_id" = c."id");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "is_superuser";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_account" CHECK (num_nonnulls("sessions"."customer_id", "sessions"."staff_id") = 1);