ALTER TABLE "company_settings" ADD COLUMN "qtd_maxima_item" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "valor_maximo_pedido" integer DEFAULT 300000 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_earned_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before points waited for delivery were credited when placed.
UPDATE "orders" SET "points_earned_at" = "dh_iniciado" WHERE "pontos_fidelidade" > 0 AND NOT "awaiting_payment";
