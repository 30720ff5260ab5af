/*
 * The dispatch calls' reply shapes (issue 35, DISPATCH-CONTRACT): shared by the staff app's
 * 'Entregas' and 'Entregadores' screens and the courier's page. Money in centavos, distances in
 * metres, instants as ISO strings (the screens format them).
 */

export type Vehicle = 'moto' | 'bicicleta' | 'carro' | 'a_pe';
export const VEHICLES: readonly Vehicle[] = ['moto', 'bicicleta', 'carro', 'a_pe'];

export interface KmBand {
  ate_km: number;
  valor: number;
}

export type CourierPay =
  | { modelo: 'por_entrega'; valor_entrega: number }
  | { modelo: 'faixa_km'; faixas: KmBand[] }
  | { modelo: 'diaria_mais_entrega'; diaria: number; valor_entrega: number };
export type PayModel = CourierPay['modelo'];
export const PAY_MODELS: readonly PayModel[] = ['por_entrega', 'faixa_km', 'diaria_mais_entrega'];

export interface Courier {
  id: number;
  nome: string;
  telefone: string;
  veiculo: Vehicle;
  ativo_hoje: boolean;
  pagamento: CourierPay;
  link_ativo: boolean;
}
export type CourierInput = Omit<Courier, 'id' | 'link_ativo'>;

export interface CashToCollect {
  valor: number;
  forma: string;
  /** Paid in notes: what the courier brings back in cash. */
  dinheiro: boolean;
  troco_para: number | null;
  troco: number | null;
}

export interface ReadyOrder {
  id: number;
  numero: number | null;
  cliente_nome: string;
  cliente_telefone: string;
  endereco: string;
  /** '' when none. */
  complemento: string;
  /** '' when none. */
  referencia: string;
  bairro: string | null;
  distancia_m: number | null;
  pronto_desde: string;
  aguardando_min: number;
  total: number;
  valor_entrega: number;
  /** Null: paid online, nothing to collect. */
  cobrar: CashToCollect | null;
  nao_entregue: { motivo: string; em: string } | null;
}

export type StopState = 'pendente' | 'entregue' | 'nao_entregue';

export interface StopLinks {
  maps: string | null;
  waze: string | null;
  telefone: string | null;
  whatsapp: string | null;
}

export interface Stop {
  id: number;
  posicao: number;
  pedido: ReadyOrder;
  estado: StopState;
  motivo: string | null;
  em: string | null;
  links: StopLinks;
}

export type RouteState = 'montando' | 'em_rota' | 'encerrada';

export interface Route {
  id: number;
  entregador: { id: number; nome: string };
  estado: RouteState;
  criada_em: string;
  saiu_em: string | null;
  voltou_em: string | null;
  paradas: Stop[];
  /** The whole route in Google Maps, from the store and back; null without coordinates. */
  link_maps: string | null;
}

export type OutsideState = 'solicitado' | 'atribuido' | 'coletado' | 'entregue' | 'cancelado';

export interface OutsideDelivery {
  id: number;
  pedido_id: number;
  numero: number | null;
  provedor: string;
  estado: OutsideState;
  entregador_nome: string | null;
  eventos: { estado: OutsideState; em: string }[];
}

export interface DispatchBoard {
  prontos: ReadyOrder[];
  sugestao: { bairro: string | null; pedidos: number[] }[];
  rotas: Route[];
  externos: OutsideDelivery[];
}

export interface CourierSettlementRow {
  entregador: { id: number; nome: string };
  pagamento: CourierPay;
  entregas: number;
  nao_entregues: number;
  distancia_m: number;
  por_faixa: { ate_km: number | null; entregas: number; valor: number }[];
  diaria: number;
  devido: number;
  dinheiro_coletado: number;
  /** Positive: the store pays the courier; negative: the courier hands cash to the store. */
  liquido: number;
  acertado: { em: string; por: string; caixa: boolean } | null;
}

export interface Settlement {
  dia: string;
  entregadores: CourierSettlementRow[];
}

export interface CourierRouteReply {
  entregador: { nome: string };
  loja: { nome: string; endereco: string; lat: number | null; lng: number | null };
  rota: Route | null;
}

/** The tracked order's delivery (customer side). */
export interface OrderDelivery {
  estado: 'saiu_para_entrega' | 'entregue' | 'nao_entregue';
  entregador: string | null;
  paradas_antes: number;
  saiu_em: string | null;
}
