import type {
  CourierRequest,
  CourierSettlement,
  DispatchBoardReply,
  DispatchRoute,
  DispatchStop,
  TrackedDelivery,
} from '@comanda/contract';

/*
 * The dispatch screens' names for the contract's shapes (packages/contract/src/dispatch.ts, issue
 * 35): shared by the staff app's 'Entregas' and 'Entregadores', the courier's page and the tracking.
 */

export type {
  Courier,
  CourierPay,
  CourierRouteReply,
  CourierVehicle as Vehicle,
  OutsideDelivery,
  ReadyOrder,
  StopLinks,
} from '@comanda/contract';

export type Stop = DispatchStop;
export type Route = DispatchRoute;
export type DispatchBoard = DispatchBoardReply;
export type CourierSettlementRow = CourierSettlement;
export type Settlement = { dia: string; entregadores: CourierSettlement[] };
export type OrderDelivery = TrackedDelivery;
export type CourierInput = CourierRequest;
export type StopState = DispatchStop['estado'];
export type RouteState = DispatchRoute['estado'];
export type CashToCollect = NonNullable<DispatchStop['pedido']['cobrar']>;
export type PayModel = CourierRequest['pagamento']['modelo'];
