CREATE TABLE "tab_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"tab_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"payment_method" text
);
--> statement-breakpoint
CREATE TABLE "table_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"tab_id" integer,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer
);
--> statement-breakpoint
CREATE TABLE "table_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" integer,
	"code" text,
	"rounds" integer DEFAULT 0 NOT NULL,
	"split_mode" text,
	"service_fee_percent" integer,
	"service_fee" integer,
	"amount_due" integer,
	"closing_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "mesa_exige_codigo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "taxa_servico_perc" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tab_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rodada" integer;--> statement-breakpoint
ALTER TABLE "tab_shares" ADD CONSTRAINT "tab_shares_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_shares" ADD CONSTRAINT "tab_shares_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tab_shares_seq" ON "tab_shares" USING btree ("tab_id","seq");--> statement-breakpoint
CREATE INDEX "table_calls_store_waiting" ON "table_calls" USING btree ("store_id","acknowledged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_calls_one_waiting" ON "table_calls" USING btree ("store_id","table_id","kind") WHERE "table_calls"."acknowledged_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "table_tabs_one_open" ON "table_tabs" USING btree ("store_id","table_id") WHERE "table_tabs"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "table_tabs_store_status" ON "table_tabs" USING btree ("store_id","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;