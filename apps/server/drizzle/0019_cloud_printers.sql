CREATE TABLE "cloud_printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"station_id" integer,
	"login" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_status_code" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "cloud_printers_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"station_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"last_error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "print_jobs_once" UNIQUE NULLS NOT DISTINCT("printer_id","order_id","station_id","kind")
);
--> statement-breakpoint
ALTER TABLE "cloud_printers" ADD CONSTRAINT "cloud_printers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_printers" ADD CONSTRAINT "cloud_printers_station_id_print_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."print_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_cloud_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."cloud_printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_printers_store" ON "cloud_printers" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "print_jobs_printer_pending" ON "print_jobs" USING btree ("printer_id","status","id");--> statement-breakpoint
CREATE INDEX "print_jobs_order" ON "print_jobs" USING btree ("store_id","order_id");