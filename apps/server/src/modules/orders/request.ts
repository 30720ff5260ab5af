import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH, type orderSubmission } from '@comanda/contract';
import {
  type Channel,
  type DeliveryType,
  MAX_CART_LINES,
  MAX_ITEM_QUANTITY,
  MAX_LINE_QUANTITY,
  NOTE_MAX_LENGTH,
} from '@comanda/domain';
import type { z } from 'zod';
import { refuse } from './refusals.ts';

/*
 * The first stage of order placement: what the request says, checked for the shapes and limits
 * that need no data, and read into the order the customer asks for.
 */

export type OrderSubmissionBody = z.output<typeof orderSubmission>;

const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]+$/;
const DEFAULT_SOURCE = 'Instagram';
/** Spec section 6: the source 'local' marks a table order. */
const TABLE_SOURCE = 'local';

/** The Idempotency-Key header: required, 1–100 visible ASCII characters. */
export function checkIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') throw refuse.idempotencyKeyRequired();
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_FORMAT.test(value)) {
    throw refuse.idempotencyKeyInvalid();
  }
  return value;
}

/** JSON with sorted keys, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What tells two requests with one Idempotency-Key apart. */
export const requestHash = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body)).digest('base64url');

/** The checks that need no data: shapes and limits of the request. */
export function checkRequest(body: OrderSubmissionBody): void {
  if (body.id !== undefined && body.id !== null && body.id !== 0) throw refuse.orderUpdateNotAllowed();
  const lines = body.produtos_pedidos;
  if (lines.length === 0) throw refuse.emptyCart();
  if (lines.length > MAX_CART_LINES) throw refuse.tooManyLines();
  lines.forEach((line, i) => {
    const field = `produtos_pedidos.${i}`;
    if (!Number.isInteger(line.qtd) || line.qtd < 1 || line.qtd > MAX_LINE_QUANTITY) {
      throw refuse.lineQuantity(`${field}.qtd`);
    }
    line.itens_pedidos.forEach((item, j) => {
      const quantity = item.quantidade_pedida;
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_ITEM_QUANTITY) {
        throw refuse.itemQuantity(`${field}.itens_pedidos.${j}.quantidade_pedida`);
      }
    });
    if ((line.observacao ?? '').trim().length > NOTE_MAX_LENGTH)
      throw refuse.noteTooLong(`${field}.observacao`);
  });
  if ((body.observacoes ?? '').trim().length > NOTE_MAX_LENGTH) throw refuse.noteTooLong('observacoes');
  // Asked for together, the two discounts are a malformed request before they are a checkout rule.
  if (body.fidelidade_utilizada && body.fk_cupom) throw refuse.couponAndLoyalty();
  const change = body.troco_para;
  if (change !== undefined && change !== null && (!Number.isSafeInteger(change) || change < 0)) {
    throw refuse.invalidChange();
  }
}

/** The order a request asks for, as the later stages read it. */
export interface OrderRequest {
  source: string;
  /** The table's id as sent ('' when none). */
  tableRef: string;
  /** The table's id when it can be one. */
  tableId: number | null;
  /** Spec section 6: source 'local' or a table id. */
  tableOrder: boolean;
  /** The token of the table's QR code, as sent ('' when none). */
  tableToken: string;
  /** The waiter's code of the table's tab (codigo_mesa), or null when not sent. */
  tableCode: string | null;
  channel: Channel;
  deliveryType: DeliveryType;
  /** The asked schedule period as an ISO instant (as sent when it is not a time; '' when missing); null when for now. */
  scheduledPeriod: string | null;
  methodId: number | null;
  couponId: number | null;
  addressId: number | null;
  redeemLoyalty: boolean;
  changeFor: number | null;
  document: string;
  notes: string;
  phone: string | null;
  /** Spec: imprimir, always true from the storefront. */
  print: boolean;
  /** The total the customer confirmed, if sent. */
  confirmedTotal: number | null;
  productIds: number[];
}

function periodOf(text: string): string {
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}

export function readOrderRequest(body: OrderSubmissionBody): OrderRequest {
  const source = body.forma_entrada?.trim() || DEFAULT_SOURCE;
  const table = body.identificador_pedido_novo;
  const tableRef = table === undefined || table === null ? '' : String(table).trim();
  const tableOrder = source === TABLE_SOURCE || tableRef !== '';
  return {
    source,
    tableRef,
    tableId: /^\d{1,9}$/.test(tableRef) ? Number(tableRef) : null,
    tableOrder,
    tableToken: body.token_mesa?.trim() ?? '',
    tableCode: body.codigo_mesa?.trim() || null,
    channel: tableOrder ? 'local' : 'app',
    deliveryType: body.tipo_entrega,
    scheduledPeriod: body.agendado === true ? periodOf(body.hora_entrega?.trim() ?? '') : null,
    methodId: body.fk_forma_pagamento ?? null,
    couponId: body.fk_cupom ?? null,
    addressId: body.fk_endereco ?? null,
    redeemLoyalty: body.fidelidade_utilizada === true,
    changeFor: body.troco_para ?? null,
    document: body.documento_cliente ?? '',
    notes: (body.observacoes ?? '').trim(),
    phone: body.fone_para_mensagens?.trim() || null,
    print: body.imprimir ?? true,
    confirmedTotal: body.total ?? null,
    productIds: [...new Set(body.produtos_pedidos.map((line) => line.produto))],
  };
}
