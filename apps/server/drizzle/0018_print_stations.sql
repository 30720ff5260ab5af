CREATE TABLE "print_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "print_stations" ADD CONSTRAINT "print_stations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_stations_store_name" ON "print_stations" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "print_stations_store" ON "print_stations" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_station_id_print_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."print_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_station_id_print_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."print_stations"("id") ON DELETE set null ON UPDATE no action;