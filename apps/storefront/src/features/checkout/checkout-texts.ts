import type { LoyaltyProgram } from '@comanda/contract';
import {
  type CheckoutRefusal,
  type DeliveryType,
  formatBRL,
  type LoyaltyUnusableReason,
} from '@comanda/domain';
import { featureTranslator } from '../../lib/i18n.ts';

/** The checkout's texts; they download with /confirmation, not with the menu. */
const ptBr = {
  checkoutTitle: 'Finalizar pedido',
  deliveryMode: 'Forma de entrega',
  modeEntregar: 'Entregar',
  modeRetirada: 'Retirada',
  modeVemComer: 'Vem comer',
  deliveryAddress: 'Endereço de entrega',
  noAddress: 'Nenhum endereço escolhido',
  chooseAddress: 'Escolher endereço',
  changeAddress: 'Trocar endereço',
  addressChooserTitle: 'Escolha o endereço',
  addressNotDeliverable: 'Esse endereço não está disponível para entrega',
  noAddresses: 'Você ainda não tem endereços cadastrados.',
  manageAddresses: 'Gerenciar endereços',
  deliveryFeeOf: 'Taxa de entrega: {fee}',
  pickupAt: 'Retire no endereço da loja',
  eatInAt: 'Consuma no local',
  scheduleTitle: 'Agendamento',
  scheduleHint: 'A loja está fechada agora: agende seu pedido.',
  schedulePick: 'Escolher horário',
  scheduleChange: 'Trocar horário',
  scheduledFor: 'Agendado para {period}',
  scheduleDialogTitle: 'Escolha um horário',
  couponTitle: 'Cupom de desconto',
  couponAdd: 'Adicionar cupom',
  couponRemove: 'Remover cupom',
  couponApplied: 'Cupom {code} aplicado',
  couponDialogTitle: 'Aplicar cupom',
  couponCode: 'Código do cupom',
  couponApply: 'Aplicar',
  couponRequired: 'Informe o cupom.',
  couponWithLoyalty: 'O cupom não pode ser usado junto com a recompensa de fidelidade.',
  connectionError: 'Erro de conexão. Verifique sua internet e tente novamente.',
  loyaltyTitle: 'Programa de fidelidade',
  loyaltyPointsShort: '{points} de {needed} pontos',
  loyaltyPending: 'Mais {points} pontos a receber quando seus pedidos forem entregues.',
  loyaltyTerms: 'Ver regras',
  loyaltyTermsTitle: 'Regras do programa de fidelidade',
  loyaltyRewardPercent: 'Recompensa: {percent}% de desconto',
  loyaltyRewardValue: 'Recompensa: {value} de desconto',
  loyaltyUse: 'Usar recompensa',
  loyaltyRemove: 'Não usar a recompensa',
  loyaltyInUse: 'Recompensa de fidelidade aplicada',
  loyaltyDialogTitle: 'Recompensa de fidelidade',
  loyaltyConfirm: 'Usar agora',
  loyaltyNotEnough: 'Você ainda não tem pontos suficientes para a recompensa.',
  loyaltyCouponInUse: 'A recompensa não pode ser usada junto com um cupom.',
  loyaltyTotalBelow: 'O total do pedido não pode ser menor que a recompensa.',
  loyaltyInactive: 'O programa de fidelidade não está ativo.',
  notesTitle: 'Observações do pedido',
  notesLabel: 'Observações (até 50 caracteres)',
  notesCount: '{count}/50',
  notesAdd: 'Adicionar',
  notesEdit: 'Editar',
  notesSave: 'Salvar',
  paymentTitle: 'Forma de pagamento',
  paymentOnDelivery: 'Pagamento na entrega',
  paymentOnline: 'Pagamento online',
  onlinePix: 'Pagamento online (PIX)',
  onlineCard: 'Pagamento online (cartão)',
  onlineCardHint: 'Cartão de crédito novo, pago aqui no app.',
  savedCardLabel: '{brand} final {last4}',
  savedCardHint: 'Cartão salvo',
  brandOther: 'Cartão',
  onlinePixHint: 'Pague no app do seu banco, com QR Code ou Pix Copia e Cola.',
  changeFor: 'Troco para {value}',
  noChange: 'Sem troco',
  editChange: 'Alterar troco',
  changeDialogTitle: 'Precisa de troco?',
  changeLabel: 'Troco para quanto?',
  changeTotal: 'Total do pedido: {total}',
  changeNone: 'Não preciso de troco',
  changeConfirm: 'Confirmar',
  changeInvalid: 'Informe um valor válido, com até 2 casas decimais.',
  changeBelowTotal: 'O valor deve ser pelo menos o total do pedido ({total}).',
  changeAboveMaximum: 'O valor pode ser no máximo {maximum}.',
  changeYouGet: 'Seu troco: {change}',
  documentTitle: 'CPF ou CNPJ na nota',
  documentLabel: 'CPF ou CNPJ',
  documentRequiredHint: 'Obrigatório para entregas nesta loja.',
  documentInvalid: 'Informe um documento válido.',
  documentLettersKeyboard: 'CNPJ com letras? Usar teclado com letras',
  documentDigitsKeyboard: 'Usar teclado numérico',
  totalsTitle: 'Resumo',
  totalProducts: 'Produtos',
  totalExtras: 'Adicionais',
  totalDelivery: 'Entrega',
  totalCoupon: 'Cupom',
  totalLoyalty: 'Fidelidade',
  totalTotal: 'Total',
  actionClosed: 'Loja fechada',
  actionPickAddress: 'Escolha um endereço',
  actionSetSchedule: 'Agende o pedido',
  actionInformDocument: 'Informe o CPF ou CNPJ',
  actionConfirm: 'Confirmar pedido',
  actionWithTotal: '{action} · {total}',
  actionNoPayment: 'Escolha a forma de pagamento',
  minimumTitle: 'Pedido mínimo',
  minimumText: 'O pedido mínimo desta loja é {minimum}. Faltam {missing}.',
  buyMore: 'Comprar mais',
  close: 'Fechar',
  cancel: 'Cancelar',
  gotIt: 'Entendi',
  copy: 'Copiar',
  copied: 'Copiada',
  copyFailed: 'Não foi possível copiar: selecione o texto e copie.',
  pixKeyTitle: 'Pague com a chave PIX da loja',
  pixKeyText: 'Pague no app do seu banco usando a chave abaixo. Confira o nome do titular antes de pagar.',
  pixKeyLabel: 'Chave PIX',
  pixKeyLabelTyped: 'Chave PIX ({type})',
  pixKeyCpf: 'CPF',
  pixKeyCnpj: 'CNPJ',
  pixKeyEmail: 'e-mail',
  pixKeyPhone: 'telefone',
  pixKeyRandom: 'chave aleatória',
  pixKeyHolder: 'Titular: {name}',
  pixKeyCopiedNotice: 'Chave copiada!',
  pixKeyProofHint: 'Depois de confirmar o pedido, envie o comprovante para a loja pelo WhatsApp.',
  pixKeyShow: 'Ver chave PIX',
  couponFromLink: 'Cupom {code} do link aplicado',
  couponFromLinkRefused: 'O cupom {code} do link não foi aplicado: {reason}',
  sending: 'Enviando seu pedido…',
  orderSuccessTitle: 'Pedido realizado!',
  orderSuccessText: 'Seu pedido nº {id} foi recebido.',
  orderEstimate: 'Previsão: {time}',
  orderErrorTitle: 'Houve um erro ao inserir seu pedido!',
  orderConnectionError: 'Não foi possível enviar o pedido. Verifique sua conexão e tente novamente.',
  seeStatus: 'Ver status',
  sendProof: 'Enviar comprovante',
  sendProofHint: 'Abre uma conversa com a loja no WhatsApp',
  proofMessage: 'Olá! Segue o comprovante do pagamento PIX do pedido nº {id}.',
  pixCreating: 'Gerando o PIX…',
  cardCreating: 'Preparando o pagamento com cartão…',
  cardPayingSaved: 'Pagando com o cartão final {last4}…',
  cardError: 'Não foi possível iniciar o pagamento com cartão. Detalhes: {detail}',
  cardDeclinedTitle: 'Pagamento não aprovado',
  pixConfirming: 'Confirmando o pagamento…',
  pixError: 'Erro ao gerar o PIX. Detalhes: {detail}',
  pixConfirmError:
    'Não foi possível confirmar o pagamento agora. Assim que ele for confirmado, o pedido aparece em Meus pedidos.',
  loading: 'Carregando…',
  refusalEmptyCart: 'Seu carrinho está vazio.',
  refusalDeliveryType: 'Esta loja não aceita pedidos para {type}.',
  refusalSchedulingUnavailable: 'Esta loja não aceita pedidos agendados.',
  refusalSchedulePeriod: 'Este horário não está disponível. Escolha outro.',
  refusalStoreClosed: 'Estamos fechados. Você não poderá concluir o pedido',
  refusalPaymentRequired: 'Escolha a forma de pagamento.',
  refusalPaymentUnavailable: 'Esta forma de pagamento não está disponível para {type}.',
  refusalAddressRequired: 'Escolha o endereço de entrega.',
  refusalCouponMinSubtotal: 'Este cupom vale para pedidos a partir de {minimum}.',
  refusalCouponNotApplicable: 'Este cupom vale só para pedidos com entrega.',
  refusalDocumentRequired: 'Informe um CPF ou CNPJ válido para a entrega.',
  refusalLineQuantity: 'Esta loja aceita no máximo {maximum} unidades de cada item por pedido.',
  refusalOrderTotal:
    'O total do pedido passa do limite de {maximum} desta loja. Para um pedido maior, fale com a loja.',
  refusalTooManyOrders: 'Você fez muitos pedidos em pouco tempo. Aguarde alguns minutos e tente de novo.',
  refusalTableToken: 'Mesa não encontrada. Leia o QrCode novamente ou faça o login',
  refusalTableLocked: 'Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.',
  refusalTableCode: 'Código da mesa incorreto. Confira com o garçom.',
  refusalTabNotOpen: 'A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.',
  tableOrderAt: 'Pedido para a mesa',
  tableOrderHint: 'Entregamos na sua mesa.',
  tableCodeTitle: 'Informe o código da mesa',
  tableCodeText:
    'Peça ao garçom o código de {length} dígitos desta mesa. Ele vale para todos os pedidos da conta.',
  tableCodeLabel: 'Código da mesa',
  tableCodeFormat: 'O código tem {length} dígitos.',
  tableCodeConfirm: 'Enviar pedido',
  seeTableTab: 'Ver conta da mesa',
  deliveryTypeEntregar: 'entrega',
  deliveryTypeRetirada: 'retirada',
  deliveryTypeVemComer: 'comer no local',
} as const;

type Key = keyof typeof ptBr;

const en: Record<Key, string> = {
  checkoutTitle: 'Checkout',
  deliveryMode: 'How to receive',
  modeEntregar: 'Delivery',
  modeRetirada: 'Pickup',
  modeVemComer: 'Eat in',
  deliveryAddress: 'Delivery address',
  noAddress: 'No address chosen',
  chooseAddress: 'Choose address',
  changeAddress: 'Change address',
  addressChooserTitle: 'Choose the address',
  addressNotDeliverable: 'This address is not available for delivery',
  noAddresses: 'You have no saved addresses yet.',
  manageAddresses: 'Manage addresses',
  deliveryFeeOf: 'Delivery fee: {fee}',
  pickupAt: 'Pick up at the store',
  eatInAt: 'Eat at the store',
  scheduleTitle: 'Scheduling',
  scheduleHint: 'The store is closed now: schedule your order.',
  schedulePick: 'Choose a time',
  scheduleChange: 'Change time',
  scheduledFor: 'Scheduled for {period}',
  scheduleDialogTitle: 'Choose a time',
  couponTitle: 'Discount coupon',
  couponAdd: 'Add coupon',
  couponRemove: 'Remove coupon',
  couponApplied: 'Coupon {code} applied',
  couponDialogTitle: 'Apply coupon',
  couponCode: 'Coupon code',
  couponApply: 'Apply',
  couponRequired: 'Enter the coupon.',
  couponWithLoyalty: 'A coupon cannot be used together with the loyalty reward.',
  connectionError: 'Connection error. Check your internet and try again.',
  loyaltyTitle: 'Loyalty program',
  loyaltyPointsShort: '{points} of {needed} points',
  loyaltyPending: '{points} more points to come when your orders are delivered.',
  loyaltyTerms: 'See the rules',
  loyaltyTermsTitle: 'Loyalty program rules',
  loyaltyRewardPercent: 'Reward: {percent}% off',
  loyaltyRewardValue: 'Reward: {value} off',
  loyaltyUse: 'Use reward',
  loyaltyRemove: 'Do not use the reward',
  loyaltyInUse: 'Loyalty reward applied',
  loyaltyDialogTitle: 'Loyalty reward',
  loyaltyConfirm: 'Use now',
  loyaltyNotEnough: 'You do not have enough points for the reward yet.',
  loyaltyCouponInUse: 'The reward cannot be used together with a coupon.',
  loyaltyTotalBelow: 'The order total cannot be lower than the reward.',
  loyaltyInactive: 'The loyalty program is not active.',
  notesTitle: 'Order notes',
  notesLabel: 'Notes (up to 50 characters)',
  notesCount: '{count}/50',
  notesAdd: 'Add',
  notesEdit: 'Edit',
  notesSave: 'Save',
  paymentTitle: 'Payment method',
  paymentOnDelivery: 'Pay on delivery',
  paymentOnline: 'Online payment',
  onlinePix: 'Online payment (PIX)',
  onlineCard: 'Online payment (card)',
  onlineCardHint: 'A new credit card, paid here in the app.',
  savedCardLabel: '{brand} ending in {last4}',
  savedCardHint: 'Saved card',
  brandOther: 'Card',
  onlinePixHint: 'Pay in your bank’s app, with the QR code or PIX copy and paste.',
  changeFor: 'Change for {value}',
  noChange: 'No change',
  editChange: 'Edit change',
  changeDialogTitle: 'Do you need change?',
  changeLabel: 'Change for how much?',
  changeTotal: 'Order total: {total}',
  changeNone: 'I do not need change',
  changeConfirm: 'Confirm',
  changeInvalid: 'Enter a valid amount, with at most 2 decimals.',
  changeBelowTotal: 'The amount must be at least the order total ({total}).',
  changeAboveMaximum: 'The amount can be at most {maximum}.',
  changeYouGet: 'Your change: {change}',
  documentTitle: 'Tax ID on the receipt',
  documentLabel: 'CPF or CNPJ',
  documentRequiredHint: 'Required for deliveries at this store.',
  documentInvalid: 'A valid document is required.',
  documentLettersKeyboard: 'CNPJ with letters? Use the letter keyboard',
  documentDigitsKeyboard: 'Use the number keyboard',
  totalsTitle: 'Summary',
  totalProducts: 'Products',
  totalExtras: 'Extras',
  totalDelivery: 'Delivery',
  totalCoupon: 'Coupon',
  totalLoyalty: 'Loyalty',
  totalTotal: 'Total',
  actionClosed: 'Store closed',
  actionPickAddress: 'Choose an address',
  actionSetSchedule: 'Schedule the order',
  actionInformDocument: 'Enter your CPF or CNPJ',
  actionConfirm: 'Confirm order',
  actionWithTotal: '{action} · {total}',
  actionNoPayment: 'Choose a payment method',
  minimumTitle: 'Minimum order',
  minimumText: 'This store’s minimum order is {minimum}. {missing} to go.',
  buyMore: 'Buy more',
  close: 'Close',
  cancel: 'Cancel',
  gotIt: 'Got it',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it.',
  pixKeyTitle: "Pay with the store's PIX key",
  pixKeyText: "Pay in your bank's app with the key below. Check the holder's name before paying.",
  pixKeyLabel: 'PIX key',
  pixKeyLabelTyped: 'PIX key ({type})',
  pixKeyCpf: 'CPF',
  pixKeyCnpj: 'CNPJ',
  pixKeyEmail: 'e-mail',
  pixKeyPhone: 'phone',
  pixKeyRandom: 'random key',
  pixKeyHolder: 'Holder: {name}',
  pixKeyCopiedNotice: 'Key copied!',
  pixKeyProofHint: 'After confirming the order, send the receipt to the store on WhatsApp.',
  pixKeyShow: 'See PIX key',
  couponFromLink: 'Coupon {code} from the link applied',
  couponFromLinkRefused: 'The coupon {code} from the link was not applied: {reason}',
  sending: 'Sending your order…',
  orderSuccessTitle: 'Order placed!',
  orderSuccessText: 'Your order #{id} was received.',
  orderEstimate: 'Estimated time: {time}',
  orderErrorTitle: 'There was an error placing your order!',
  orderConnectionError: 'The order could not be sent. Check your connection and try again.',
  seeStatus: 'See status',
  sendProof: 'Send receipt',
  sendProofHint: 'Opens a WhatsApp chat with the store',
  proofMessage: 'Hello! Here is the PIX payment receipt for order #{id}.',
  pixCreating: 'Creating the PIX…',
  cardCreating: 'Preparing the card payment…',
  cardPayingSaved: 'Paying with the card ending in {last4}…',
  cardError: 'The card payment could not be started. Details: {detail}',
  cardDeclinedTitle: 'Payment not approved',
  pixConfirming: 'Confirming the payment…',
  pixError: 'Error creating the PIX. Details: {detail}',
  pixConfirmError: 'The payment could not be confirmed now. Once it is, the order shows in My orders.',
  loading: 'Loading…',
  refusalEmptyCart: 'Your cart is empty.',
  refusalDeliveryType: 'This store does not take orders for {type}.',
  refusalSchedulingUnavailable: 'This store does not take scheduled orders.',
  refusalSchedulePeriod: 'This time is not available. Choose another one.',
  refusalStoreClosed: 'We are closed. You will not be able to complete the order',
  refusalPaymentRequired: 'Choose how to pay.',
  refusalPaymentUnavailable: 'This payment method is not available for {type}.',
  refusalAddressRequired: 'Choose the delivery address.',
  refusalCouponMinSubtotal: 'This coupon is for orders from {minimum}.',
  refusalCouponNotApplicable: 'This coupon is for delivery orders only.',
  refusalDocumentRequired: 'Enter a valid CPF or CNPJ for delivery.',
  refusalLineQuantity: 'This store takes at most {maximum} units of each item per order.',
  refusalOrderTotal:
    'The order total is above this store’s limit of {maximum}. For a larger order, contact the store.',
  refusalTooManyOrders: 'You placed many orders in a short time. Wait a few minutes and try again.',
  refusalTableToken: 'Table not found. Scan the QR code again or sign in',
  refusalTableLocked: 'This table has not been opened yet. Ask the waiter for the table code.',
  refusalTableCode: 'Wrong table code. Check it with the waiter.',
  refusalTabNotOpen: "This table's tab is already closed. Call the waiter to open a new one.",
  tableOrderAt: 'Order for the table',
  tableOrderHint: 'We bring it to your table.',
  tableCodeTitle: 'Enter the table code',
  tableCodeText: "Ask the waiter for this table's {length}-digit code. It works for every order on the tab.",
  tableCodeLabel: 'Table code',
  tableCodeFormat: 'The code has {length} digits.',
  tableCodeConfirm: 'Send order',
  seeTableTab: 'See the table tab',
  deliveryTypeEntregar: 'delivery',
  deliveryTypeRetirada: 'pickup',
  deliveryTypeVemComer: 'eating in',
};

export const useCheckoutT = featureTranslator<Key>({ pt_br: ptBr, en });
export type CheckoutT = ReturnType<typeof useCheckoutT>;

const DELIVERY_TYPE_TEXT = {
  Entregar: 'deliveryTypeEntregar',
  Retirada: 'deliveryTypeRetirada',
  'Vem comer': 'deliveryTypeVemComer',
} as const satisfies Record<DeliveryType, Key>;

export const LOYALTY_REASON_TEXT = {
  PROGRAM_INACTIVE: 'loyaltyInactive',
  NOT_ENOUGH_POINTS: 'loyaltyNotEnough',
  COUPON_IN_USE: 'loyaltyCouponInUse',
  TOTAL_BELOW_REWARD: 'loyaltyTotalBelow',
} as const satisfies Record<LoyaltyUnusableReason, Key>;

/** The loyalty program's reward, as the loyalty card and its dialogs show it. */
export function rewardText(program: LoyaltyProgram, t: CheckoutT): string {
  return program.recompensa_perc
    ? t('loyaltyRewardPercent', { percent: program.perc_recompensa })
    : t('loyaltyRewardValue', { value: formatBRL(program.vlr_recompensa) });
}

/** Refusals only the server can make (not rules of the quote), in the customer's language. */
const SERVER_REFUSAL_TEXT: Record<string, Key> = {
  TOO_MANY_ORDERS: 'refusalTooManyOrders',
  TABLE_TOKEN_INVALID: 'refusalTableToken',
  TABLE_LOCKED: 'refusalTableLocked',
  TABLE_CODE_INVALID: 'refusalTableCode',
  TAB_NOT_OPEN: 'refusalTabNotOpen',
};

/** A server refusal in the customer's language when its code is known; otherwise the server's text. */
export function serverRefusalText(refusal: { code: string | null; message: string }, t: CheckoutT): string {
  const key = refusal.code ? SERVER_REFUSAL_TEXT[refusal.code] : undefined;
  return key ? t(key) : refusal.message;
}

/** What the customer reads for a refusal of the checkout quote, in their language. */
export function refusalText(refusal: CheckoutRefusal, t: CheckoutT): string {
  switch (refusal.code) {
    case 'EMPTY_CART':
      return t('refusalEmptyCart');
    case 'DELIVERY_TYPE_UNAVAILABLE':
      return t('refusalDeliveryType', { type: t(DELIVERY_TYPE_TEXT[refusal.deliveryType]) });
    case 'SCHEDULING_UNAVAILABLE':
      return t('refusalSchedulingUnavailable');
    case 'SCHEDULE_REQUIRED':
      return t('scheduleHint');
    case 'SCHEDULE_PERIOD_UNAVAILABLE':
      return t('refusalSchedulePeriod');
    case 'STORE_CLOSED':
      return t('refusalStoreClosed');
    case 'PAYMENT_METHOD_REQUIRED':
      return t('refusalPaymentRequired');
    case 'PAYMENT_METHOD_UNAVAILABLE':
      return t('refusalPaymentUnavailable', { type: t(DELIVERY_TYPE_TEXT[refusal.deliveryType]) });
    case 'ADDRESS_REQUIRED':
      return t('refusalAddressRequired');
    case 'ADDRESS_NOT_DELIVERABLE':
      return t('addressNotDeliverable');
    case 'COUPON_AND_LOYALTY':
      return t('couponWithLoyalty');
    case 'COUPON_MIN_SUBTOTAL':
      return t('refusalCouponMinSubtotal', { minimum: formatBRL(refusal.minSubtotal) });
    case 'COUPON_NOT_APPLICABLE':
      return t('refusalCouponNotApplicable');
    case 'LOYALTY_UNAVAILABLE':
      return t(LOYALTY_REASON_TEXT[refusal.reason]);
    case 'MIN_ORDER_NOT_MET':
      return t('minimumText', { minimum: formatBRL(refusal.minimum), missing: formatBRL(refusal.missing) });
    case 'LINE_QUANTITY_TOO_HIGH':
      return t('refusalLineQuantity', { maximum: refusal.maximum });
    case 'ORDER_TOTAL_TOO_HIGH':
      return t('refusalOrderTotal', { maximum: formatBRL(refusal.maximum) });
    case 'CHANGE_BELOW_TOTAL':
      return t('changeBelowTotal', { total: formatBRL(refusal.total) });
    case 'CHANGE_TOO_HIGH':
      return t('changeAboveMaximum', { maximum: formatBRL(refusal.maximum) });
    case 'INVALID_DOCUMENT':
      return t('documentInvalid');
    case 'DOCUMENT_REQUIRED':
      return t('refusalDocumentRequired');
  }
}
