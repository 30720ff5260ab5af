import type { CustomerWhatsappReply } from '@comanda/contract';

/*
 * The checkout's WhatsApp opt-in row (issue 36, docs/decisions/0073): shown where the store has an
 * active channel (not at a table); off unless the customer already agreed; sent with the order only
 * as a new agreement (`whatsapp_atualizacoes: true`), never as a silent 'no'.
 */

export interface WhatsappOptInInput {
  /** The store's config: `whatsapp_canal.ativo`. */
  storeActive: boolean;
  tableOrder: boolean;
  /** The customer's consent as the server has it; undefined while loading or when it failed. */
  consent: CustomerWhatsappReply | undefined;
  /** What the customer switched here; null when untouched. */
  choice: boolean | null;
}

export interface WhatsappOptIn {
  shown: boolean;
  checked: boolean;
  /** The customer already gets updates: switching off stops them at once (in the profile's way). */
  alreadyOn: boolean;
}

export function whatsappOptIn({
  storeActive,
  tableOrder,
  consent,
  choice,
}: WhatsappOptInInput): WhatsappOptIn {
  const shown = storeActive && !tableOrder && consent?.disponivel !== false;
  const alreadyOn = consent?.atualizacoes_pedido === true;
  return { shown, alreadyOn, checked: shown && (choice ?? alreadyOn) };
}

/** The order's `whatsapp_atualizacoes`: true for a new agreement, absent otherwise. */
export function whatsappSubmission(optIn: WhatsappOptIn): { whatsapp_atualizacoes?: true } {
  return optIn.shown && optIn.checked && !optIn.alreadyOn ? { whatsapp_atualizacoes: true } : {};
}
