CREATE TABLE "whatsapp_channels" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"phone_number_id" text,
	"display_number" text DEFAULT '' NOT NULL,
	"secrets" text,
	"registered_templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"graph_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"phone" text NOT NULL,
	"customer_id" integer,
	"profile_name" text,
	"language" text DEFAULT 'pt' NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_text" text DEFAULT '' NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"needs_person" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"template" text,
	"code" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"template" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"wamid" text,
	"error_code" integer,
	"error_message" text,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pendente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"reason" text,
	"message_id" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_changes" ADD COLUMN "purpose" text DEFAULT 'promocoes' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_failures" ADD CONSTRAINT "whatsapp_failures_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_conversation_id_whatsapp_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."whatsapp_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_message_id_whatsapp_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."whatsapp_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_channels_phone_number_id" ON "whatsapp_channels" USING btree ("phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_conversations_store_phone" ON "whatsapp_conversations" USING btree ("store_id","phone");--> statement-breakpoint
CREATE INDEX "whatsapp_conversations_store_last" ON "whatsapp_conversations" USING btree ("store_id","last_at");--> statement-breakpoint
CREATE INDEX "whatsapp_failures_store_at" ON "whatsapp_failures" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_conversation" ON "whatsapp_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_store_wamid" ON "whatsapp_messages" USING btree ("store_id","wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_order_kind" ON "whatsapp_outbox" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due" ON "whatsapp_outbox" USING btree ("state","next_at");