import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The kitchen display (docs/decisions/0055): a station's orders in preparation, bumped done there.

const stationId = z.number().int().positive().max(2_147_483_647);

/** GET /staff/kitchen: one station's view (`station`), or every station's when absent. */
export const kitchenQuery = z.object({
  station: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type KitchenQuery = z.infer<typeof kitchenQuery>;

export const kitchenLine = z.object({
  /** The line's position in the order, from 0 (what a line's bump names). */
  seq: z.number().int(),
  qtd: z.number().int(),
  descricao: z.string(),
  /** The station that prepares it; null in a store without stations. */
  station_id: z.number().int().nullable(),
  bumped: z.boolean(),
  /** Default ingredients taken out, shown 'SEM …'. */
  sem: z.array(z.string()),
  /** Ingredients added ('2x Bacon'). */
  extras: z.array(z.string()),
  /** Options chosen (flavours, sizes, points). */
  opcoes: z.array(z.string()),
  observacao: z.string(),
  /** Added by an edit of the order after the kitchen got it (docs/decisions/0062): shown 'NOVO'. */
  nova: z.boolean(),
});
export type KitchenLine = z.infer<typeof kitchenLine>;

/** A line an edit took out after the kitchen got the order: shown struck, 'REMOVER'. */
export const kitchenRemovedLine = z.object({
  qtd: z.number().int(),
  descricao: z.string(),
  station_id: z.number().int().nullable(),
});
export type KitchenRemovedLine = z.infer<typeof kitchenRemovedLine>;

export const kitchenOrder = z.object({
  id: z.number().int(),
  /** The number the store's staff and the customer read (docs/decisions/0065). */
  numero: z.number().int().nullable().optional(),
  status: z.string(),
  tipo_entrega: z.string(),
  mesa: z.string().nullable(),
  rodada: z.number().int().nullable(),
  /** The customer's first name (pickup and delivery are called by it). */
  cliente_nome: z.string(),
  /** ISO 8601: when the store accepted it (the timer counts from here). */
  accepted_at: z.string(),
  /** ISO 8601: a scheduled order's time; null for an order for now. */
  hora_entrega: z.string().nullable(),
  observacoes: z.string(),
  /** The lines of the station asked for (every line without one), bumped ones included. */
  lines: z.array(kitchenLine),
  /** ISO 8601: the last edit after the kitchen got it (PEDIDO ALTERADO); null when none. */
  alterado_em: z.string().nullable(),
  /** The station's lines those edits took out, not to be prepared. */
  removidas: z.array(kitchenRemovedLine),
});
export type KitchenOrder = z.infer<typeof kitchenOrder>;

export const kitchenReply = z.object({
  stations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The station shown; null: every station (or a store without stations). */
  station_id: z.number().int().nullable(),
  /** Orders in preparation with something left to do here, the longest waiting first. */
  orders: z.array(kitchenOrder),
  /** The newest bump here that can still be recalled; null when there is none. */
  last_bump: z
    .object({
      order_id: z.number().int(),
      numero: z.number().int().nullable().optional(),
      station_id: z.number().int().nullable(),
      line_seq: z.number().int().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type KitchenReply = z.infer<typeof kitchenReply>;

/** POST /staff/kitchen/orders/:id/bump */
export const kitchenBumpRequest = z
  .object({
    /** The station bumping; absent or null: every station (the all-stations view). */
    station_id: stationId.nullable().optional(),
    /** One line (its seq); absent: every line of the station. */
    line: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type KitchenBumpRequest = z.infer<typeof kitchenBumpRequest>;

/** POST /staff/kitchen/orders/:id/recall: the order's newest bump at the station (any when absent). */
export const kitchenRecallRequest = z.object({ station_id: stationId.nullable().optional() }).strict();
export type KitchenRecallRequest = z.infer<typeof kitchenRecallRequest>;

/** The staff stream's event after a bump or a recall: each screen of the store reads its view again. */
export const KITCHEN_BUMP_EVENT = 'kitchen_bump';
export const kitchenBumpEventData = z.object({
  order_id: z.number().int(),
  station_id: z.number().int().nullable(),
});
