CREATE TABLE "cash_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"tab_id" integer,
	"share_id" integer,
	"channel" text NOT NULL,
	"delivery_type" text NOT NULL,
	"payment_method_id" integer,
	"payment_name" text NOT NULL,
	"online" boolean NOT NULL,
	"products" integer NOT NULL,
	"extras" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"discount" integer NOT NULL,
	"amount" integer NOT NULL,
	"register_session_id" integer,
	"staff_id" integer,
	CONSTRAINT "ledger_entries_parts" CHECK ("ledger_entries"."amount" = "ledger_entries"."products" + "ledger_entries"."extras" + "ledger_entries"."delivery_fee" + "ledger_entries"."service_fee" - "ledger_entries"."discount")
);
--> statement-breakpoint
CREATE TABLE "register_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"register_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" integer,
	"opening_float" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_share_id_tab_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."tab_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_register_session_id_register_sessions_id_fk" FOREIGN KEY ("register_session_id") REFERENCES "public"."register_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_opened_by_staff_accounts_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_closed_by_staff_accounts_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_registers_store_name" ON "cash_registers" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "ledger_entries_store_at" ON "ledger_entries" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_session" ON "ledger_entries" USING btree ("register_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_one_open" ON "register_sessions" USING btree ("register_id") WHERE "register_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "register_sessions_store" ON "register_sessions" USING btree ("store_id","opened_at");