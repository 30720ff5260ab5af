/**
 * Where an order came from (issue 33): the customer's own app, a guest at a table's QR code, or a
 * staff member entering it at the counter, from a phone call or as a waiter at a table.
 */
export const ORDER_CHANNELS = ['app', 'mesa', 'balcao', 'telefone', 'garcom'] as const;

export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Channels a staff member enters an order through (the PDV). */
export const STAFF_ORDER_CHANNELS = [
  'balcao',
  'telefone',
  'garcom',
] as const satisfies readonly OrderChannel[];

export type StaffOrderChannel = (typeof STAFF_ORDER_CHANNELS)[number];

export const ORDER_CHANNEL_LABELS: Record<'pt_br' | 'en', Record<OrderChannel, string>> = {
  pt_br: { app: 'App', mesa: 'Mesa (QR)', balcao: 'Balcão', telefone: 'Telefone', garcom: 'Garçom' },
  en: { app: 'App', mesa: 'Table (QR)', balcao: 'Counter', telefone: 'Phone', garcom: 'Waiter' },
};

export const isOrderChannel = (value: string): value is OrderChannel =>
  (ORDER_CHANNELS as readonly string[]).includes(value);
