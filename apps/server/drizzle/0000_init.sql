CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"ref" text NOT NULL,
	"descricao" text NOT NULL,
	"detalhes" text DEFAULT '' NOT NULL,
	"aberto" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"ref" text NOT NULL,
	"nome" text NOT NULL,
	"estado" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"logo" text,
	"bg_image" text,
	"bg_video" text,
	"icon_192" text,
	"icon_512" text,
	"mostrar_logo_banner" boolean DEFAULT true NOT NULL,
	"delivery_time" integer DEFAULT 80 NOT NULL,
	"pickup_time" integer DEFAULT 50 NOT NULL,
	"tempo_entregar_minutos" text DEFAULT '' NOT NULL,
	"tempo_buscar_minutos" text DEFAULT '' NOT NULL,
	"pausada" boolean DEFAULT false NOT NULL,
	"environment" text DEFAULT 'production' NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permite_entrega" boolean DEFAULT true NOT NULL,
	"permite_busca" boolean DEFAULT true NOT NULL,
	"permite_comer_local" boolean DEFAULT false NOT NULL,
	"agendamento_ativo" boolean DEFAULT false NOT NULL,
	"permite_agendamento" boolean DEFAULT false NOT NULL,
	"schedule_step_minutes" integer DEFAULT 30 NOT NULL,
	"schedule_capacity" integer,
	"valor_minimo" integer DEFAULT 0 NOT NULL,
	"delivery_fee_type" text DEFAULT 'neighbourhood' NOT NULL,
	"delivery_max_radius" integer DEFAULT 0 NOT NULL,
	"delivery_radius_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_discounted_fee" integer,
	"delivery_discount_minimum_order" integer DEFAULT 0 NOT NULL,
	"online_payment" boolean DEFAULT false NOT NULL,
	"payment_by_pix" boolean DEFAULT false NOT NULL,
	"payment_by_card" boolean DEFAULT false NOT NULL,
	"payment_key" text,
	"self_checkout_require_imply_pay" boolean DEFAULT false NOT NULL,
	"expiration_time_pix" integer DEFAULT 300 NOT NULL,
	"google_maps_key" text,
	"google_maps_viewport" text,
	"latitude" double precision,
	"longitude" double precision,
	"delivery_customer_doc_required" boolean DEFAULT false NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"contato" text DEFAULT '' NOT NULL,
	"email_contato" text DEFAULT '' NOT NULL,
	"apresentacao" text DEFAULT '' NOT NULL,
	"endereco" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '#c0392b' NOT NULL,
	"secondary_color" text DEFAULT '#f1c40f' NOT NULL,
	"font_family" text DEFAULT 'system-ui' NOT NULL,
	"font_url" text,
	"default_style_mode" text DEFAULT 'light' NOT NULL,
	"fb_pixel_id" text,
	"google_tag_manager" text,
	"fb_domain_verification" text
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"ref" text NOT NULL,
	"description" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"pontos_recompensa" integer NOT NULL,
	"recompensa_perc" boolean DEFAULT false NOT NULL,
	"perc_recompensa" double precision DEFAULT 0 NOT NULL,
	"vlr_recompensa" integer DEFAULT 0 NOT NULL,
	"pontos_por_real" double precision DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "neighbourhoods" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"ref" text NOT NULL,
	"descricao" text NOT NULL,
	"valor_entrega" integer DEFAULT 0 NOT NULL,
	"valor_entrega_desconto" integer,
	"discount_minimum_order" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"excluido" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"dia_semana" integer NOT NULL,
	"turno" integer NOT NULL,
	"hr_inicio" text NOT NULL,
	"hr_fim" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_group_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"ref" text NOT NULL,
	"descricao" text NOT NULL,
	"detalhes" text DEFAULT '' NOT NULL,
	"preco" integer DEFAULT 0 NOT NULL,
	"url_imagem" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"fk_item" integer,
	"qt_padrao" integer DEFAULT 0 NOT NULL,
	"excluido" boolean DEFAULT false NOT NULL,
	"ativo_pedidos" boolean DEFAULT true NOT NULL,
	"ativo_garcom" boolean DEFAULT true NOT NULL,
	"ingrediente" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"ref" text NOT NULL,
	"descricao" text NOT NULL,
	"detalhes" text DEFAULT '' NOT NULL,
	"repetir_itens" boolean DEFAULT false NOT NULL,
	"politica_cobranca" text DEFAULT 'Soma' NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"store_id" integer NOT NULL,
	"id" integer NOT NULL,
	"api" text,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"chave_pix" text,
	"tipo_chave_pix" text,
	"pix_nome_titular" text,
	"permite_troco" boolean DEFAULT false NOT NULL,
	"tipos_entrega" jsonb DEFAULT '["Entregar","Retirada","Vem comer"]'::jsonb NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 0 NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_groups_product_id_group_id_pk" PRIMARY KEY("product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"ref" text NOT NULL,
	"descricao" text NOT NULL,
	"detalhes" text DEFAULT '' NOT NULL,
	"valor_venda" integer NOT NULL,
	"url_imagem" text,
	"url_miniatura" text,
	"url_video" text,
	"item_pai" boolean DEFAULT false NOT NULL,
	"item_filho" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo_pedidos" boolean DEFAULT true NOT NULL,
	"ativo_garcom" boolean DEFAULT true NOT NULL,
	"excluido" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"menu_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighbourhoods" ADD CONSTRAINT "neighbourhoods_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighbourhoods" ADD CONSTRAINT "neighbourhoods_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_group_items" ADD CONSTRAINT "option_group_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_group_items" ADD CONSTRAINT "option_group_items_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_store_ref" ON "categories" USING btree ("store_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_store_ref" ON "cities" USING btree ("store_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_store_ref" ON "dining_tables" USING btree ("store_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "neighbourhoods_store_ref" ON "neighbourhoods" USING btree ("store_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "opening_hours_store_day_shift" ON "opening_hours" USING btree ("store_id","dia_semana","turno");--> statement-breakpoint
CREATE UNIQUE INDEX "option_group_items_group_ref" ON "option_group_items" USING btree ("group_id","ref");--> statement-breakpoint
CREATE INDEX "option_group_items_store" ON "option_group_items" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_groups_store_ref" ON "option_groups" USING btree ("store_id","ref");--> statement-breakpoint
CREATE INDEX "product_groups_store" ON "product_groups" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_ref" ON "products" USING btree ("store_id","ref");--> statement-breakpoint
CREATE INDEX "products_store" ON "products" USING btree ("store_id");