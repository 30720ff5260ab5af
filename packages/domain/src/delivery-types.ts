/** Spec section 3 "Order draft": delivery_type, in the priority order of the defaults (section 4). */
export const DELIVERY_TYPES = ['Entregar', 'Retirada', 'Vem comer'] as const;

export type DeliveryType = (typeof DELIVERY_TYPES)[number];
