import { formatBRL } from '@comanda/domain';
import { featureTranslator } from '../../lib/i18n.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { isNetworkFailure } from '../lib/staff-errors.ts';

/** 'Editar pedido' (docs/decisions/0062): its own chunk, its own words. */
const ptBr = {
  title: 'Editar pedido nº {id}',
  close: 'Fechar',
  lines: 'Itens do pedido',
  removeLine: 'Tirar',
  removeLineLabel: 'Tirar {item} do pedido',
  keepLine: 'Manter',
  keepLineLabel: 'Manter {item} no pedido',
  removedTag: 'sai do pedido',
  addedTitle: 'Itens novos',
  addedTag: 'novo',
  removeAdded: 'Tirar {item} dos itens novos',
  addHint: 'Para adicionar, toque num produto do cardápio.',
  showMenu: 'Adicionar produto',
  hideMenu: 'Voltar aos itens',
  paymentKeep: 'Continua {method}',
  paymentTable: 'Mesa: paga na conta da mesa.',
  totalBefore: 'Antes',
  totalAfter: 'Depois',
  difference: 'Diferença',
  submit: 'Salvar alteração · {total}',
  submitting: 'Salvando…',
  nothingChanged: 'Tire ou adicione um item, ou troque o pagamento.',
  serverDecides: 'Taxa de entrega e cupom seguem os do pedido; o servidor confere tudo e dá o total final.',
  saved: 'Pedido nº {id} alterado: {before} → {after}. A cozinha recebe um aviso de alteração.',
  notEditable: 'Este pedido não pode mais ser alterado.',
  error_ORDER_ALREADY_PREPARED: 'Este pedido já foi preparado e não pode mais ser alterado.',
  error_ORDER_PAID_ONLINE: 'Este pedido foi pago pelo app e não pode ser alterado aqui.',
  error_ORDER_NOT_FOUND: 'Pedido não encontrado.',
  error_LINE_NOT_FOUND: 'Um dos itens já não está no pedido: feche e abra a edição de novo.',
  error_EMPTY_EDIT: 'Nada a alterar: tire ou adicione um item, ou troque o pagamento.',
  error_PRICE_CHANGED:
    'O preço de um produto mudou desde que o cardápio foi aberto: tire o item novo e adicione de novo.',
  error_ITEM_UNAVAILABLE: 'Um produto adicionado não está mais disponível.',
  error_SOLD_OUT: 'Um produto adicionado esgotou.',
  error_INVALID_OPTIONS: 'As opções de um produto adicionado não valem mais: adicione de novo.',
  error_VARIANT_REQUIRED: 'Escolha o tamanho ou a variação do produto.',
  error_INVALID_QUANTITY: 'Quantidade inválida.',
  error_TOO_MANY_LINES: 'Itens demais num pedido.',
  error_NOTE_TOO_LONG: 'A observação de um item é longa demais.',
  error_MIN_ORDER_NOT_MET: 'Sem esses itens o pedido fica abaixo do mínimo da loja.',
  error_CHANGE_BELOW_TOTAL: 'O troco deve ser para pelo menos o total do pedido.',
  error_CHANGE_TOO_HIGH: 'Troco alto demais para o total do pedido.',
  error_INVALID_CHANGE: 'Valor de troco inválido.',
  error_PAYMENT_METHOD_UNAVAILABLE: 'Esta forma de pagamento não vale para este pedido.',
  error_PAYMENT_METHOD_REQUIRED: 'Escolha a forma de pagamento.',
  error_DELIVERY_TYPE_UNAVAILABLE: 'A loja não faz mais este tipo de pedido.',
  error_ADDRESS_NOT_DELIVERABLE: 'A loja não entrega mais neste endereço.',
  error_COUPON_MIN_SUBTOTAL: 'Sem esses itens o cupom do pedido não vale mais.',
  error_COUPON_NOT_APPLICABLE: 'O cupom do pedido não vale mais.',
  error_LOYALTY_UNAVAILABLE: 'A recompensa de fidelidade do pedido não vale mais com estes itens.',
  error_LINE_QUANTITY_TOO_HIGH: 'Unidades demais de um item.',
  error_ORDER_TOTAL_TOO_HIGH: 'O pedido passa do total máximo da loja.',
  error_DOCUMENT_REQUIRED: 'A loja pede CPF/CNPJ para entregas: este pedido não pode ser alterado aqui.',
  error_FORBIDDEN: 'Seu papel não permite alterar pedidos.',
  error_other: 'Não foi possível alterar: {detail}',
  networkFailed: 'Sem conexão: nada foi alterado. Tente de novo.',
};

export type EditTextKey = keyof typeof ptBr;

const en: Record<EditTextKey, string> = {
  title: 'Edit order #{id}',
  close: 'Close',
  lines: 'Order items',
  removeLine: 'Take out',
  removeLineLabel: 'Take {item} out of the order',
  keepLine: 'Keep',
  keepLineLabel: 'Keep {item} in the order',
  removedTag: 'comes out',
  addedTitle: 'New items',
  addedTag: 'new',
  removeAdded: 'Remove {item} from the new items',
  addHint: 'To add, tap a product on the menu.',
  showMenu: 'Add a product',
  hideMenu: 'Back to the items',
  paymentKeep: 'Still {method}',
  paymentTable: 'Table: paid with the table’s tab.',
  totalBefore: 'Before',
  totalAfter: 'After',
  difference: 'Difference',
  submit: 'Save change · {total}',
  submitting: 'Saving…',
  nothingChanged: 'Take out or add an item, or change the payment.',
  serverDecides:
    'Delivery fee and coupon stay as on the order; the server checks everything and gives the final total.',
  saved: 'Order #{id} changed: {before} → {after}. The kitchen gets a change ticket.',
  notEditable: 'This order can no longer be changed.',
  error_ORDER_ALREADY_PREPARED: 'This order has already been prepared and can no longer be changed.',
  error_ORDER_PAID_ONLINE: 'This order was paid in the app and cannot be changed here.',
  error_ORDER_NOT_FOUND: 'Order not found.',
  error_LINE_NOT_FOUND: 'One of the items is no longer on the order: close and open the edit again.',
  error_EMPTY_EDIT: 'Nothing to change: take out or add an item, or change the payment.',
  error_PRICE_CHANGED:
    'A product’s price changed since the menu was opened: remove the new item and add it again.',
  error_ITEM_UNAVAILABLE: 'A product added is no longer available.',
  error_SOLD_OUT: 'A product added is sold out.',
  error_INVALID_OPTIONS: 'A product added has options that are no longer valid: add it again.',
  error_VARIANT_REQUIRED: 'Choose the product’s size or variant.',
  error_INVALID_QUANTITY: 'Invalid quantity.',
  error_TOO_MANY_LINES: 'Too many items on one order.',
  error_NOTE_TOO_LONG: 'An item’s note is too long.',
  error_MIN_ORDER_NOT_MET: 'Without these items the order is below the store’s minimum.',
  error_CHANGE_BELOW_TOTAL: 'Change must be for at least the order’s total.',
  error_CHANGE_TOO_HIGH: 'Change too high for the order’s total.',
  error_INVALID_CHANGE: 'Invalid change amount.',
  error_PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not offered for this order.',
  error_PAYMENT_METHOD_REQUIRED: 'Choose how they pay.',
  error_DELIVERY_TYPE_UNAVAILABLE: 'The store no longer takes this kind of order.',
  error_ADDRESS_NOT_DELIVERABLE: 'The store no longer delivers to this address.',
  error_COUPON_MIN_SUBTOTAL: 'Without these items the order’s coupon no longer applies.',
  error_COUPON_NOT_APPLICABLE: 'The order’s coupon no longer applies.',
  error_LOYALTY_UNAVAILABLE: 'The order’s loyalty reward no longer applies with these items.',
  error_LINE_QUANTITY_TOO_HIGH: 'Too many units of one item.',
  error_ORDER_TOTAL_TOO_HIGH: 'The order goes over the store’s maximum total.',
  error_DOCUMENT_REQUIRED: 'The store asks for a CPF/CNPJ for deliveries: this order cannot be changed here.',
  error_FORBIDDEN: 'Your role does not let you change orders.',
  error_other: 'Could not change it: {detail}',
  networkFailed: 'No connection: nothing was changed. Try again.',
};

export const useEditT = featureTranslator({ pt_br: ptBr, en });
export type EditT = ReturnType<typeof useEditT>;

const KNOWN = new Set(
  Object.keys(ptBr)
    .filter((key) => key.startsWith('error_'))
    .map((key) => key.slice(6)),
);

/** The refusal of the edit, in the staff member's language; the server's words only for a code unknown here. */
export function editErrorText(error: unknown, t: EditT): string {
  if (error instanceof StaffApiError) {
    if (error.status === 403) return t('error_FORBIDDEN');
    if (error.code && KNOWN.has(error.code)) return t(`error_${error.code}` as EditTextKey);
    return t('error_other', { detail: error.detail });
  }
  if (isNetworkFailure(error)) return t('networkFailed');
  return t('error_other', { detail: error instanceof Error ? error.message : String(error) });
}

/** The difference an edit makes, signed: '+ R$ 5,00', '− R$ 6,50', or 'R$ 0,00'. */
export function differenceText(before: number, after: number): string {
  const difference = after - before;
  if (difference === 0) return formatBRL(0);
  return difference > 0 ? `+ ${formatBRL(difference)}` : `− ${formatBRL(-difference)}`;
}
