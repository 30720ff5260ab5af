CREATE TABLE "courier_settlements" (
	"store_id" integer NOT NULL,
	"courier_id" integer NOT NULL,
	"day" date NOT NULL,
	"deliveries" integer NOT NULL,
	"owed" integer NOT NULL,
	"cash_collected" integer NOT NULL,
	"net" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"register_movement_id" integer,
	CONSTRAINT "courier_settlements_courier_id_day_pk" PRIMARY KEY("courier_id","day")
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"nome" text NOT NULL,
	"telefone" text NOT NULL,
	"veiculo" text NOT NULL,
	"ativo_hoje" boolean DEFAULT true NOT NULL,
	"pagamento" jsonb NOT NULL,
	"link_hash" text,
	"link_created_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "couriers_vehicle" CHECK ("couriers"."veiculo" in ('moto', 'bicicleta', 'carro', 'a_pe'))
);
--> statement-breakpoint
CREATE TABLE "dispatch_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"courier_id" integer NOT NULL,
	"estado" text DEFAULT 'montando' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"left_at" timestamp with time zone,
	"back_at" timestamp with time zone,
	CONSTRAINT "dispatch_routes_state" CHECK ("dispatch_routes"."estado" in ('montando', 'em_rota', 'encerrada'))
);
--> statement-breakpoint
CREATE TABLE "dispatch_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"estado" text DEFAULT 'pendente' NOT NULL,
	"reason" text,
	"marked_at" timestamp with time zone,
	"marked_by" integer,
	"distance_metres" integer,
	CONSTRAINT "dispatch_stops_state" CHECK ("dispatch_stops"."estado" in ('pendente', 'entregue', 'nao_entregue'))
);
--> statement-breakpoint
CREATE TABLE "outside_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"estado" text NOT NULL,
	"courier_name" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_register_movement_id_register_movements_id_fk" FOREIGN KEY ("register_movement_id") REFERENCES "public"."register_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_routes" ADD CONSTRAINT "dispatch_routes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_routes" ADD CONSTRAINT "dispatch_routes_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_routes" ADD CONSTRAINT "dispatch_routes_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_route_id_dispatch_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."dispatch_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_marked_by_staff_accounts_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_deliveries" ADD CONSTRAINT "outside_deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_deliveries" ADD CONSTRAINT "outside_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_settlements_store_day" ON "courier_settlements" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "couriers_store" ON "couriers" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_link_hash" ON "couriers" USING btree ("link_hash") WHERE "couriers"."link_hash" is not null;--> statement-breakpoint
CREATE INDEX "dispatch_routes_store_state" ON "dispatch_routes" USING btree ("store_id","estado");--> statement-breakpoint
CREATE INDEX "dispatch_routes_courier" ON "dispatch_routes" USING btree ("courier_id","estado");--> statement-breakpoint
CREATE INDEX "dispatch_stops_route" ON "dispatch_stops" USING btree ("route_id","position");--> statement-breakpoint
CREATE INDEX "dispatch_stops_order" ON "dispatch_stops" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_stops_one_pending" ON "dispatch_stops" USING btree ("order_id") WHERE "dispatch_stops"."estado" = 'pendente';--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_stops_one_delivered" ON "dispatch_stops" USING btree ("order_id") WHERE "dispatch_stops"."estado" = 'entregue';--> statement-breakpoint
CREATE UNIQUE INDEX "outside_deliveries_external" ON "outside_deliveries" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outside_deliveries_one_open" ON "outside_deliveries" USING btree ("order_id") WHERE "outside_deliveries"."estado" not in ('entregue', 'cancelado');--> statement-breakpoint
CREATE INDEX "outside_deliveries_store" ON "outside_deliveries" USING btree ("store_id","created_at");