import type { DocumentPaymentMethod } from '@comanda/contract';
import { ONLINE_PAYMENT_IDS } from '@comanda/domain';

/*
 * The payment methods as the payments screen edits them. A method's id is the store's own number
 * (orders keep it); the online entries' ids (993–999) are the storefront's and never given out.
 */

export type MethodType = DocumentPaymentMethod['tipo'];
export type PixKeyType = NonNullable<DocumentPaymentMethod['tipo_chave_pix']>;
export const DELIVERY_TYPES = ['Entregar', 'Retirada', 'Vem comer'] as const;
export const PIX_KEY_TYPES: readonly PixKeyType[] = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'];
const MAX_ID = 9999;

/** The next number after the highest one in use, skipping the online entries' ids. */
export function nextMethodId(methods: readonly Pick<DocumentPaymentMethod, 'id'>[]): number {
  const used = new Set(methods.map((method) => method.id));
  const free = (id: number) => !used.has(id) && !ONLINE_PAYMENT_IDS.includes(id);
  const highest = Math.max(
    0,
    ...methods.map((method) => method.id).filter((id) => !ONLINE_PAYMENT_IDS.includes(id)),
  );
  for (let id = highest + 1; id <= MAX_ID; id++) if (free(id)) return id;
  for (let id = 1; id <= MAX_ID; id++) if (free(id)) return id;
  throw new RangeError('no free payment method id');
}

export function newMethod(methods: readonly DocumentPaymentMethod[], descricao = ''): DocumentPaymentMethod {
  return {
    id: nextMethodId(methods),
    tipo: 'dinheiro',
    descricao,
    api: null,
    chave_pix: null,
    tipo_chave_pix: null,
    pix_nome_titular: null,
    permite_troco: true,
    tipos_entrega: [...DELIVERY_TYPES],
  };
}

/** A method of another kind: cash asks for change by default; the PIX key stays only on PIX. */
export function withType(method: DocumentPaymentMethod, tipo: MethodType): DocumentPaymentMethod {
  const pix = tipo === 'pix';
  return {
    ...method,
    tipo,
    permite_troco: tipo === 'dinheiro' ? (method.tipo === 'dinheiro' ? method.permite_troco : true) : false,
    chave_pix: pix ? method.chave_pix : null,
    tipo_chave_pix: pix ? (method.tipo_chave_pix ?? 'cpf') : null,
    pix_nome_titular: pix ? method.pix_nome_titular : null,
  };
}

/** Offered for this delivery type or not; at least one stays (the document asks for one). */
export function withDeliveryType(
  method: DocumentPaymentMethod,
  type: (typeof DELIVERY_TYPES)[number],
  offered: boolean,
): DocumentPaymentMethod {
  const next = offered
    ? DELIVERY_TYPES.filter((candidate) => candidate === type || method.tipos_entrega.includes(candidate))
    : method.tipos_entrega.filter((candidate) => candidate !== type);
  return { ...method, tipos_entrega: next };
}

export function moveMethod<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * Whether a PIX key looks like its type (a warning only: the bank is who knows). CPF 11 digits,
 * CNPJ 14, an e-mail, a phone with area code (10 to 13 digits with the country), a random key
 * (a UUID).
 */
export function pixKeyLooksRight(type: PixKeyType | null, key: string | null): boolean {
  const value = (key ?? '').trim();
  if (!value || !type) return false;
  const digits = value.replace(/\D/g, '');
  switch (type) {
    case 'cpf':
      return /^[\d.\-\s]+$/.test(value) && digits.length === 11;
    case 'cnpj':
      return /^[\d./\-\s]+$/.test(value) && digits.length === 14;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case 'telefone':
      return /^\+?[\d()\-\s]+$/.test(value) && digits.length >= 10 && digits.length <= 13;
    case 'aleatoria':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
  }
}

/** '5 min', '1 h 30 min', '45 s': how long a PIX code is valid. */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours ? `${hours} h` : '', minutes ? `${minutes} min` : '', rest ? `${rest} s` : '']
    .filter(Boolean)
    .join(' ');
}
