CREATE TABLE "store_courier_providers" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"merchant_id" text NOT NULL,
	"secrets" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_courier_providers" ADD CONSTRAINT "store_courier_providers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;