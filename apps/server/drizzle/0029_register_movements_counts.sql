CREATE TABLE "register_counts" (
	"store_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"method_key" text NOT NULL,
	"method_name" text NOT NULL,
	"cash" boolean NOT NULL,
	"position" integer NOT NULL,
	"takings" integer NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"difference" integer NOT NULL,
	CONSTRAINT "register_counts_session_id_method_key_pk" PRIMARY KEY("session_id","method_key"),
	CONSTRAINT "register_counts_difference" CHECK ("register_counts"."difference" = "register_counts"."counted" - "register_counts"."expected")
);
--> statement-breakpoint
CREATE TABLE "register_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	CONSTRAINT "register_movements_amount" CHECK ("register_movements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "register_counts" ADD CONSTRAINT "register_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_counts" ADD CONSTRAINT "register_counts_session_id_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."register_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_movements" ADD CONSTRAINT "register_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_movements" ADD CONSTRAINT "register_movements_session_id_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."register_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_movements" ADD CONSTRAINT "register_movements_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_movements_session" ON "register_movements" USING btree ("session_id");