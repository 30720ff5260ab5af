import { COURIER_PAY_MAX_BANDS, COURIER_VEHICLES, DISPATCH_REASON_MAX_LENGTH } from '@comanda/domain';
import { z } from 'zod';
import { centavos, errorReply, freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Delivery dispatch (issue 35, docs/decisions/0070): the store's couriers, their routes, the
// courier's page and the day's settlement. Money in centavos, distances in metres, times ISO 8601.

/** Stable `code` values of the dispatch calls' refusals. */
export const DISPATCH_ERROR_CODES = [
  'COURIER_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'STOP_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_READY',
  'ORDER_NOT_DELIVERY',
  'ORDER_ALREADY_DISPATCHED',
  'ORDER_REPEATED',
  'ROUTE_EMPTY',
  'ROUTE_ALREADY_LEFT',
  'ROUTE_NOT_LEFT',
  'ROUTE_ENDED',
  'ROUTE_STOPS_PENDING',
  'COURIER_BUSY',
  'COURIER_INACTIVE',
  'STOP_ALREADY_MARKED',
  'COURIER_LINK_INVALID',
  'SETTLEMENT_ALREADY_RECORDED',
  'INVALID_PAY_BANDS',
  'INVALID_DAY',
  'OUTSIDE_DELIVERY_EXISTS',
  'COURIER_PROVIDER_FAILED',
  'COURIER_PROVIDER_OFF',
  'OUTSIDE_NOT_FOUND',
  'OUTSIDE_NOT_CANCELLABLE',
] as const;

const dbId = z.coerce.number().int().min(1).max(2_147_483_647);

export const courierVehicle = z.enum(COURIER_VEHICLES);
export type CourierVehicle = z.infer<typeof courierVehicle>;

/** One km band of a 'faixa_km' pay: deliveries up to `ate_km` pay `valor`; the last covers the rest. */
export const courierPayBand = z.object({
  ate_km: z.number().positive().max(1000),
  valor: centavos.max(100_000),
});

/** How a courier is paid. */
export const courierPay = z.discriminatedUnion('modelo', [
  z.object({ modelo: z.literal('por_entrega'), valor_entrega: centavos.max(100_000) }),
  z.object({
    modelo: z.literal('faixa_km'),
    /** Ascending by ate_km (checked: 400 INVALID_PAY_BANDS otherwise). */
    faixas: z.array(courierPayBand).min(1).max(COURIER_PAY_MAX_BANDS),
  }),
  z.object({
    modelo: z.literal('diaria_mais_entrega'),
    diaria: centavos.max(1_000_000),
    valor_entrega: centavos.max(100_000),
  }),
]);
export type CourierPay = z.infer<typeof courierPay>;

/** A store's courier (not a staff account). */
export const courier = z.object({
  id: z.number().int(),
  nome: z.string(),
  telefone: z.string(),
  veiculo: courierVehicle,
  ativo_hoje: z.boolean(),
  pagamento: courierPay,
  /** Whether a personal link is live (its token is shown only when made). */
  link_ativo: z.boolean(),
});
export type Courier = z.infer<typeof courier>;

/** POST /staff/couriers and PUT /staff/couriers/{id}: the courier without id and link_ativo. */
export const courierRequest = z
  .object({
    nome: freeText(80)
      .transform((value) => value.trim())
      .pipe(z.string().min(1)),
    /** Digits (DDD + number, 10 or 11); spaces, dashes and brackets are dropped. */
    telefone: freeText(30)
      .transform((value) => value.replace(/[\s().-]/g, '').replace(/^\+?55(?=\d{10,11}$)/, ''))
      .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone com DDD (10 ou 11 dígitos).')),
    veiculo: courierVehicle,
    ativo_hoje: z.boolean(),
    pagamento: courierPay,
  })
  .strict();
export type CourierRequest = z.input<typeof courierRequest>;

/**
 * A courier as GET /staff/couriers lists them: `pagamento` is null for a caller without
 * couriers.manage (an attendant dispatches but does not see pay rules).
 */
export const listedCourier = courier.extend({ pagamento: courierPay.nullable() });
export type ListedCourier = z.infer<typeof listedCourier>;

export const couriersReply = z.object({ entregadores: z.array(listedCourier) });
export type CouriersReply = z.infer<typeof couriersReply>;

/** POST /staff/couriers/{id}/link: the new personal link, shown once (the previous one stops working). */
export const courierLinkReply = z.object({ url: z.string(), token: z.string() });
export type CourierLinkReply = z.infer<typeof courierLinkReply>;

export const courierIdParams = z.object({ id: dbId });
export const routeIdParams = z.object({ id: dbId });
export const routeStopParams = z.object({ id: dbId, stopId: dbId });
export const courierStopParams = z.object({ stopId: dbId });

/** What the courier collects at the door: null when the order was paid online. */
export const dispatchCollect = z.object({
  /** The order's total. */
  valor: centavos,
  /** The payment method's name as the customer chose it ('Dinheiro', 'Cartão de crédito'…). */
  forma: z.string(),
  /** Whether the method is cash (what the courier brings back in notes). */
  dinheiro: z.boolean(),
  /** The note the customer pays with; null when no change is needed. */
  troco_para: centavos.nullable(),
  /** The change to bring (troco_para − valor); null when none. */
  troco: centavos.nullable(),
});

/** The open-in-an-app links of a stop (plain URLs, no key); null fields when the data is missing. */
export const stopLinks = z.object({
  maps: z.string().nullable(),
  waze: z.string().nullable(),
  telefone: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
export type StopLinks = z.infer<typeof stopLinks>;

/** A delivery order ready to leave (status Concluido, delivery), or one in a route. */
export const readyOrder = z.object({
  id: z.number().int(),
  numero: z.number().int().nullable(),
  cliente_nome: z.string(),
  cliente_telefone: z.string(),
  endereco: z.string(),
  complemento: z.string(),
  /** A reference point; '' when the address has none. */
  referencia: z.string(),
  /** The neighbourhood; null when the address has none. */
  bairro: z.string().nullable(),
  /** Straight-line distance from the store; null when either has no coordinates. */
  distancia_m: z.number().int().nullable(),
  /** When it became ready (Concluido). */
  pronto_desde: z.string(),
  aguardando_min: z.number().int(),
  total: centavos,
  valor_entrega: centavos,
  cobrar: dispatchCollect.nullable(),
  /** The last 'Não entregue' of this order (it is back in the ready list); null otherwise. */
  nao_entregue: z.object({ motivo: z.string(), em: z.string() }).nullable(),
});
export type ReadyOrder = z.infer<typeof readyOrder>;

export const STOP_STATES = ['pendente', 'entregue', 'nao_entregue'] as const;
export const ROUTE_STATES = ['montando', 'em_rota', 'encerrada'] as const;

export const dispatchStop = z.object({
  id: z.number().int(),
  /** 1, 2, 3… in the order the courier goes. */
  posicao: z.number().int(),
  pedido: readyOrder,
  estado: z.enum(STOP_STATES),
  motivo: z.string().nullable(),
  /** When it was marked; null while pendente. */
  em: z.string().nullable(),
  links: stopLinks,
});
export type DispatchStop = z.infer<typeof dispatchStop>;

export const dispatchRoute = z.object({
  id: z.number().int(),
  entregador: z.object({ id: z.number().int(), nome: z.string() }),
  estado: z.enum(ROUTE_STATES),
  criada_em: z.string(),
  saiu_em: z.string().nullable(),
  voltou_em: z.string().nullable(),
  paradas: z.array(dispatchStop),
  /** The whole route in Google Maps from the store, stop by stop, back to the store; null without coordinates. */
  link_maps: z.string().nullable(),
});
export type DispatchRoute = z.infer<typeof dispatchRoute>;

export const OUTSIDE_DELIVERY_STATES = [
  'solicitado',
  'atribuido',
  'coletado',
  'entregue',
  'cancelado',
] as const;

export const outsideDelivery = z.object({
  id: z.number().int(),
  pedido_id: z.number().int(),
  numero: z.number().int().nullable(),
  provedor: z.string(),
  estado: z.enum(OUTSIDE_DELIVERY_STATES),
  entregador_nome: z.string().nullable(),
  eventos: z.array(z.object({ estado: z.enum(OUTSIDE_DELIVERY_STATES), em: z.string() })),
});
export type OutsideDelivery = z.infer<typeof outsideDelivery>;

/** GET /staff/dispatch */
export const dispatchBoardReply = z.object({
  prontos: z.array(readyOrder),
  /** Suggested routes: the ready orders grouped by neighbourhood and distance, each in nearest-next order. */
  sugestao: z.array(z.object({ bairro: z.string().nullable(), pedidos: z.array(z.number().int()) })),
  /** Routes not ended, then today's ended ones (store time zone). */
  rotas: z.array(dispatchRoute),
  externos: z.array(outsideDelivery),
});
export type DispatchBoardReply = z.infer<typeof dispatchBoardReply>;

const orderIds = z.array(dbId).min(1).max(30);

/** POST /staff/routes: the orders in stop order; `ordenar: true` (or omitted order) = nearest-next from the store. */
export const createRouteRequest = z
  .object({
    entregador_id: dbId,
    pedidos: orderIds,
    /** True: the server orders the stops nearest-next from the store; false/absent: as given. */
    ordenar: z.boolean().optional(),
  })
  .strict();
export type CreateRouteRequest = z.infer<typeof createRouteRequest>;

/** PUT /staff/routes/{id}: another courier and/or the orders in their new stop order (only while montando). */
export const updateRouteRequest = z
  .object({ entregador_id: dbId.optional(), pedidos: orderIds.optional() })
  .strict();
export type UpdateRouteRequest = z.infer<typeof updateRouteRequest>;

export const notDeliveredRequest = z
  .object({
    motivo: freeText(DISPATCH_REASON_MAX_LENGTH)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'Informe o motivo.')),
  })
  .strict();
export type NotDeliveredRequest = z.input<typeof notDeliveredRequest>;

/** A dispatch 409: the refusal, with the route or stop as it is now. */
export const dispatchConflictReply = errorReply.extend({
  rota: dispatchRoute.optional(),
  parada: dispatchStop.optional(),
  /** The outside delivery as it is now (a cancel refused). */
  externo: outsideDelivery.optional(),
});
export type DispatchConflictReply = z.infer<typeof dispatchConflictReply>;

/** POST /staff/routes/outside */
export const outsideDeliveryRequest = z.object({ pedido_id: dbId }).strict();

/** POST /staff/routes/outside/{id}/cancel */
export const outsideIdParams = z.object({ id: dbId });

// ---------------------------------------------------------------------------------------------
// Settlement

export const settlementQuery = z.object({
  /** The store-local day (YYYY-MM-DD); today when absent. */
  dia: z.iso.date().optional(),
});

export const courierSettlement = z.object({
  entregador: z.object({ id: z.number().int(), nome: z.string() }),
  pagamento: courierPay,
  entregas: z.number().int(),
  nao_entregues: z.number().int(),
  /** Deliveries per pay band (one band with ate_km null for per-delivery pay). */
  por_faixa: z.array(
    z.object({ ate_km: z.number().nullable(), entregas: z.number().int(), valor: centavos }),
  ),
  /** Distance of the day's deliveries from the store, summed (metres, straight line). */
  distancia_m: z.number().int(),
  diaria: centavos,
  /** What the store owes the courier for the day. */
  devido: centavos,
  /** Cash the courier collected at the doors (methods paid in notes). */
  dinheiro_coletado: centavos,
  /** devido − dinheiro_coletado: positive, the store pays the courier; negative, the courier hands cash in. */
  liquido: z.number().int(),
  acertado: z
    .object({
      em: z.string(),
      por: z.string(),
      /** Whether a register movement recorded the pay (a register was open). */
      caixa: z.boolean(),
    })
    .nullable(),
});
export type CourierSettlement = z.infer<typeof courierSettlement>;

export const settlementReply = z.object({
  dia: z.string(),
  entregadores: z.array(courierSettlement),
});
export type SettlementReply = z.infer<typeof settlementReply>;

export const recordSettlementRequest = z.object({ dia: z.iso.date() }).strict();

// ---------------------------------------------------------------------------------------------
// The courier's page (no staff account: `Authorization: Courier <token>`)

export const courierRouteReply = z.object({
  entregador: z.object({ nome: z.string() }),
  loja: z.object({
    nome: z.string(),
    endereco: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  rota: dispatchRoute.nullable(),
});
export type CourierRouteReply = z.infer<typeof courierRouteReply>;

// ---------------------------------------------------------------------------------------------
// The customer's tracked order

export const trackedDelivery = z.object({
  estado: z.enum(['saiu_para_entrega', 'entregue', 'nao_entregue']),
  /** The courier's first name (an outside courier's as the provider gives it). */
  entregador: z.string().nullable(),
  /** Stops the courier makes before this one (0: next). */
  paradas_antes: z.number().int(),
  saiu_em: z.string().nullable(),
});
export type TrackedDelivery = z.infer<typeof trackedDelivery>;

/** The staff stream's event when a route changes (data: {rota_id, estado}): reload the dispatch board. */
export const DISPATCH_EVENT = 'dispatch';

/** The outside courier companies a store may use: iFood Shipping, or the local stand-in (not in production). */
export const OUTSIDE_PROVIDER_KINDS = ['ifood', 'standin'] as const;

/**
 * GET/PUT /staff/dispatch/outside-provider: the store's outside courier company. Its client id and
 * secret are sealed and never shown: `segredos_definidos` names the ones kept.
 */
export const outsideProviderReply = z.object({
  provedor: z.enum(OUTSIDE_PROVIDER_KINDS).nullable(),
  merchant_id: z.string().nullable(),
  segredos_definidos: z.array(z.enum(['client_id', 'client_secret'])),
});
export type OutsideProviderReply = z.infer<typeof outsideProviderReply>;

/** A left-out or empty client id / secret keeps the store's own while the provider stays the same. */
export const outsideProviderRequest = z
  .object({
    provedor: z.enum(OUTSIDE_PROVIDER_KINDS),
    merchant_id: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w.-]+$/, 'Só letras, números, ponto, hífen e sublinhado.'),
    client_id: z.string().trim().max(200).optional(),
    client_secret: z.string().trim().max(500).optional(),
    /** The caller's own password, as for the payment provider. */
    owner_password: z.string().min(1).max(200).optional(),
  })
  .strict();
export type OutsideProviderRequest = z.infer<typeof outsideProviderRequest>;
