import { IDEMPOTENCY_KEY_MAX_LENGTH, type OrderErrorReply } from '@comanda/contract';
import {
  type CartLineDraft,
  type CartLineError,
  type CheckoutRefusal,
  type DeliveryType,
  type FullProduct,
  formatBRL,
  type LoyaltyUnusableReason,
  linePricing,
  MAX_CART_LINES,
  MAX_ITEM_QUANTITY,
  MAX_LINE_QUANTITY,
  NOTE_MAX_LENGTH,
  type TabJoinRefusal,
} from '@comanda/domain';
import { AppError, invalid } from '../../lib/errors.ts';
import { addressNotDeliverable } from '../addresses/index.ts';
import { couponRefusal } from '../coupons/index.ts';

/*
 * Every refusal of order placement, with its code, kind (HTTP status) and the Portuguese text the
 * storefront shows (spec section 8 "Order failure": non_field_errors first, else detail). The rules
 * that decide them are the checkout quote of @comanda/domain and the placement stages; the words are
 * here. Coupon and address refusals are their modules' own (shared with their endpoints).
 */

const conflict = (code: string, detail: string, field?: string) =>
  new AppError('conflict', code, detail, field ? { field } : {});

const itemUnavailable = (detail: string, field: string) => conflict('ITEM_UNAVAILABLE', detail, field);

const DELIVERY_TYPE_TEXT: Record<DeliveryType, string> = {
  Entregar: 'entrega',
  Retirada: 'retirada',
  'Vem comer': 'comer no local',
};

const LOYALTY_TEXT: Record<LoyaltyUnusableReason, string> = {
  PROGRAM_INACTIVE: 'O programa de fidelidade não está ativo nesta loja.',
  NOT_ENOUGH_POINTS: 'Você ainda não tem pontos suficientes para a recompensa.',
  COUPON_IN_USE: 'Cupom e fidelidade não podem ser usados juntos. Escolha um dos dois.',
  TOTAL_BELOW_REWARD: 'O total do pedido é menor que a recompensa da fidelidade.',
};

const COUPON_AND_LOYALTY_TEXT = 'Cupom e fidelidade não podem ser usados juntos. Escolha um dos dois.';

/** The refusals the placement stages raise before, around and after the quote. */
export const refuse = {
  idempotencyKeyRequired: () =>
    invalid(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Não foi possível confirmar o pedido: falta o cabeçalho Idempotency-Key.',
      'Idempotency-Key',
    ),
  idempotencyKeyInvalid: () =>
    invalid(
      'IDEMPOTENCY_KEY_INVALID',
      `O cabeçalho Idempotency-Key deve ter de 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres visíveis.`,
      'Idempotency-Key',
    ),
  orderUpdateNotAllowed: () =>
    invalid('ORDER_UPDATE_NOT_ALLOWED', 'Um pedido enviado não pode ser alterado.', 'id'),
  emptyCart: () => invalid('EMPTY_CART', 'Seu carrinho está vazio.', 'produtos_pedidos'),
  tooManyLines: () =>
    invalid(
      'TOO_MANY_LINES',
      `Um pedido pode ter no máximo ${MAX_CART_LINES} itens. Divida-o em dois.`,
      'produtos_pedidos',
    ),
  lineQuantity: (field: string) =>
    invalid('INVALID_QUANTITY', `A quantidade de cada item deve ser de 1 a ${MAX_LINE_QUANTITY}.`, field),
  itemQuantity: (field: string) =>
    invalid('INVALID_QUANTITY', `A quantidade de cada opção deve ser de 0 a ${MAX_ITEM_QUANTITY}.`, field),
  noteTooLong: (field: string, maxLength = NOTE_MAX_LENGTH) =>
    invalid('NOTE_TOO_LONG', `As observações podem ter no máximo ${maxLength} caracteres.`, field),
  couponAndLoyalty: () => invalid('COUPON_AND_LOYALTY', COUPON_AND_LOYALTY_TEXT, 'fk_cupom'),
  invalidChange: () => invalid('INVALID_CHANGE', 'Informe o valor do troco em centavos.', 'troco_para'),
  scheduleRequired: () => invalid('SCHEDULE_REQUIRED', 'Escolha o horário do agendamento.', 'hora_entrega'),
  schedulePeriodUnavailable: () =>
    conflict(
      'SCHEDULE_PERIOD_UNAVAILABLE',
      'Este horário não está disponível. Escolha outro.',
      'hora_entrega',
    ),
  schedulePeriodFull: () =>
    conflict('SCHEDULE_PERIOD_FULL', 'Este horário já está lotado. Escolha outro.', 'hora_entrega'),
  storeNotFound: () => new AppError('not_found', 'STORE_NOT_FOUND', 'Loja não encontrada.'),
  tableNotFound: () =>
    new AppError(
      'not_found',
      'TABLE_NOT_FOUND',
      'Mesa não encontrada. Leia o QrCode novamente ou faça o login',
      {
        field: 'identificador_pedido_novo',
      },
    ),
  tableTokenInvalid: () =>
    invalid(
      'TABLE_TOKEN_INVALID',
      'Mesa não encontrada. Leia o QrCode novamente ou faça o login',
      'token_mesa',
    ),
  tabNotOpen: () =>
    conflict('TAB_NOT_OPEN', 'A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.'),
  tableLocked: () =>
    conflict(
      'TABLE_LOCKED',
      'Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.',
      'codigo_mesa',
    ),
  tableCodeInvalid: () =>
    invalid('TABLE_CODE_INVALID', 'Código da mesa incorreto. Confira com o garçom.', 'codigo_mesa'),
  paymentNotConfirmed: () =>
    conflict(
      'PAYMENT_NOT_CONFIRMED',
      'O pagamento online não foi confirmado. Tente de novo.',
      'fk_forma_pagamento',
    ),
  paymentMethodUnavailable: () =>
    conflict(
      'PAYMENT_METHOD_UNAVAILABLE',
      'Esta forma de pagamento não está disponível.',
      'fk_forma_pagamento',
    ),
  notEnoughPoints: () =>
    conflict('LOYALTY_UNAVAILABLE', LOYALTY_TEXT.NOT_ENOUGH_POINTS, 'fidelidade_utilizada'),
  productGone: (field: string) =>
    itemUnavailable('Um produto do seu carrinho não existe mais nesta loja.', field),
  productUnavailable: (name: string, field: string) =>
    itemUnavailable(`${name} não está mais disponível.`, field),
  soldOut: (name: string, field: string) => conflict('SOLD_OUT', `${name} está esgotado no momento.`, field),
  optionSentTwice: (name: string, field: string) =>
    invalid('INVALID_OPTIONS', `Uma opção de ${name} foi enviada duas vezes.`, field),
  priceChanged: (line: CartLineDraft, index: number) =>
    conflict(
      'PRICE_CHANGED',
      `O preço de ${line.descricao_produto} mudou para ${formatBRL(linePricing(line).unitTotal)}. Confira o carrinho e confirme de novo.`,
      `produtos_pedidos.${index}`,
    ),
  totalChanged: (total: number) =>
    conflict(
      'PRICE_CHANGED',
      `O total do pedido mudou para ${formatBRL(total)}. Confira e confirme de novo.`,
      'total',
    ),
};

function itemName(product: FullProduct, groupId: number, itemId: number): string | null {
  const group = product.grupos.find((candidate) => candidate.grupo.id === groupId);
  return group?.grupo.lista_itens.find((item) => item.id === itemId)?.descricao ?? null;
}

/** Why a submitted line cannot be rebuilt from the product as it is now (`buildCartLine`'s error). */
export function cartLineRefusal(error: CartLineError, product: FullProduct, field: string): AppError {
  const name = product.descricao;
  switch (error.code) {
    case 'INVALID_LINE_QUANTITY':
      return refuse.lineQuantity(`${field}.qtd`);
    case 'NOTE_TOO_LONG':
      return refuse.noteTooLong(field, error.maxLength);
    case 'VARIANT_REQUIRED':
    case 'INVALID_VARIANT':
      return invalid('VARIANT_REQUIRED', `Escolha uma opção de ${name}.`, `${field}.produto`);
    case 'INVALID_PRICE':
    case 'UNKNOWN_GROUP':
      return refuse.productUnavailable(name, field);
    case 'ITEM_NOT_OFFERED': {
      const item = itemName(product, error.groupId, error.itemId);
      return itemUnavailable(
        item
          ? `${item} (${name}) não está mais disponível.`
          : `Uma opção de ${name} não está mais disponível.`,
        `${field}.itens_pedidos`,
      );
    }
    case 'INVALID_QUANTITY':
      return refuse.itemQuantity(`${field}.itens_pedidos`);
    case 'REPEAT_NOT_ALLOWED': {
      const item = itemName(product, error.groupId, error.itemId) ?? 'Esta opção';
      return invalid(
        'INVALID_OPTIONS',
        `${item} só pode ser escolhido uma vez em ${name}.`,
        `${field}.itens_pedidos`,
      );
    }
    case 'GROUP_NOT_OK': {
      const group = product.grupos.find((candidate) => candidate.grupo.id === error.groupId);
      const groupName = group?.grupo.descricao ?? 'uma etapa';
      const detail =
        error.missing > 0
          ? `Escolha mais ${error.missing} em '${groupName}' de ${name}.`
          : `Escolha no máximo ${error.max} em '${groupName}' de ${name}.`;
      return invalid('INVALID_OPTIONS', detail, `${field}.itens_pedidos`);
    }
  }
}

/** Why a round could not join its table's tab (tabJoinRefusal of @comanda/domain). */
export function tabJoinRefusalError(refusal: TabJoinRefusal): AppError {
  switch (refusal) {
    case 'TAB_NOT_OPEN':
      return refuse.tabNotOpen();
    case 'TABLE_LOCKED':
      return refuse.tableLocked();
    case 'TABLE_CODE_INVALID':
      return refuse.tableCodeInvalid();
  }
}

/** What the quote's refusal is called in the reply; `paymentName` names a method not offered. */
export function checkoutRefusalError(refusal: CheckoutRefusal, paymentName: string | null): AppError {
  switch (refusal.code) {
    case 'EMPTY_CART':
      return refuse.emptyCart();
    case 'DELIVERY_TYPE_UNAVAILABLE':
      return conflict(
        'DELIVERY_TYPE_UNAVAILABLE',
        `Esta loja não aceita pedidos para ${DELIVERY_TYPE_TEXT[refusal.deliveryType]}.`,
        'tipo_entrega',
      );
    case 'SCHEDULING_UNAVAILABLE':
      return conflict('SCHEDULING_UNAVAILABLE', 'Esta loja não aceita pedidos agendados.', 'agendado');
    case 'SCHEDULE_REQUIRED':
      return refuse.scheduleRequired();
    case 'SCHEDULE_PERIOD_UNAVAILABLE':
      return refuse.schedulePeriodUnavailable();
    case 'STORE_CLOSED':
      return conflict('STORE_CLOSED', 'Estamos fechados. Você não poderá concluir o pedido');
    case 'PAYMENT_METHOD_REQUIRED':
      return invalid('PAYMENT_METHOD_REQUIRED', 'Escolha a forma de pagamento.', 'fk_forma_pagamento');
    case 'PAYMENT_METHOD_UNAVAILABLE':
      return paymentName
        ? conflict(
            'PAYMENT_METHOD_UNAVAILABLE',
            `${paymentName} não está disponível para ${DELIVERY_TYPE_TEXT[refusal.deliveryType]}.`,
            'fk_forma_pagamento',
          )
        : refuse.paymentMethodUnavailable();
    case 'ADDRESS_REQUIRED':
      return invalid('ADDRESS_REQUIRED', 'Escolha o endereço de entrega.', 'fk_endereco');
    case 'ADDRESS_NOT_DELIVERABLE':
      return addressNotDeliverable('fk_endereco');
    case 'COUPON_AND_LOYALTY':
      return refuse.couponAndLoyalty();
    case 'COUPON_MIN_SUBTOTAL':
    case 'COUPON_NOT_APPLICABLE':
      return couponRefusal(refusal.code, refusal.minSubtotal);
    case 'LOYALTY_UNAVAILABLE':
      return conflict('LOYALTY_UNAVAILABLE', LOYALTY_TEXT[refusal.reason], 'fidelidade_utilizada');
    case 'MIN_ORDER_NOT_MET':
      return invalid(
        'MIN_ORDER_NOT_MET',
        `O pedido mínimo é de ${formatBRL(refusal.minimum)}, sem contar a entrega. Faltam ${formatBRL(refusal.missing)}.`,
        'produtos_pedidos',
      );
    case 'LINE_QUANTITY_TOO_HIGH':
      return conflict(
        'LINE_QUANTITY_TOO_HIGH',
        `Esta loja aceita no máximo ${refusal.maximum} unidades de cada item por pedido.`,
        'produtos_pedidos',
      );
    case 'ORDER_TOTAL_TOO_HIGH':
      return conflict(
        'ORDER_TOTAL_TOO_HIGH',
        `O total do pedido passa do limite de ${formatBRL(refusal.maximum)} desta loja. Para um pedido maior, fale com a loja.`,
        'produtos_pedidos',
      );
    case 'CHANGE_BELOW_TOTAL':
      return invalid(
        'CHANGE_BELOW_TOTAL',
        `O troco deve ser para um valor igual ou maior que o total (${formatBRL(refusal.total)}).`,
        'troco_para',
      );
    case 'CHANGE_TOO_HIGH':
      return invalid(
        'CHANGE_TOO_HIGH',
        `O troco pode ser para no máximo ${formatBRL(refusal.maximum)}.`,
        'troco_para',
      );
    case 'INVALID_DOCUMENT':
      return invalid('INVALID_DOCUMENT', 'Informe um CPF ou CNPJ válido.', 'documento_cliente');
    case 'DOCUMENT_REQUIRED':
      return invalid(
        'DOCUMENT_REQUIRED',
        'Informe um CPF ou CNPJ válido para a entrega.',
        'documento_cliente',
      );
  }
}

/** The reply body of a refusal: the spec's non_field_errors and detail, plus the code and field. */
export function errorBody(error: AppError): OrderErrorReply {
  return {
    detail: error.detail,
    code: error.code,
    non_field_errors: [error.detail],
    ...(error.extra.field ? { field: error.extra.field } : {}),
  };
}

export function keyReusedReply(): OrderErrorReply {
  const detail = 'Esta chave Idempotency-Key já foi usada para outro pedido.';
  return { detail, code: 'IDEMPOTENCY_KEY_REUSED', non_field_errors: [detail], field: 'Idempotency-Key' };
}
