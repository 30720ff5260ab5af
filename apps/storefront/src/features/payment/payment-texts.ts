import { featureTranslator } from '../../lib/i18n.ts';

/**
 * The PIX screen's and the card route's texts; they download with /pix_checkout and the card route,
 * not with the menu (the card fields' own are in components/card-fields/card-texts.ts).
 */
const ptBr = {
  pixTitle: 'Pague com PIX',
  pixTimeLeft: 'Tempo para pagar',
  pixValidUntil: 'O código vale até {time}.',
  pixOneMinute: 'Falta 1 minuto para o código expirar.',
  pixQrAlt: 'QR Code do PIX',
  pixQrHint: 'Pagando por outro aparelho? Escaneie o QR Code.',
  pixCopyLabel: 'Pix Copia e Cola',
  pixCopy: 'Copiar código',
  pixCopied: 'Copiado',
  pixCopiedNotice: 'Código copiado! Cole no app do seu banco, na opção Pix Copia e Cola.',
  pixCopyFailed: 'Não foi possível copiar. Toque no código, selecione tudo e copie.',
  pixStepsTitle: 'Como pagar',
  pixStep1: 'Copie o código ou escaneie o QR Code.',
  pixStep2: 'No app do seu banco, escolha pagar com PIX e cole o código.',
  pixStep3: 'Confirme o pagamento. Esta tela avança sozinha.',
  pixWaiting: 'Aguardando o pagamento…',
  pixAbandon: 'Desistir do pagamento',
  abandonTitle: 'Desistir do pagamento?',
  abandonText: 'O pedido será cancelado e o carrinho, esvaziado.',
  abandonKeep: 'Continuar pagando',
  abandonConfirm: 'Sim, desistir',
  abandoning: 'Cancelando…',
  expiredTitle: 'PIX não identificado',
  expiredText:
    'O prazo para pagar este PIX acabou e o pedido foi cancelado. Se você pagou depois do prazo, o valor será devolvido.',
  backToMenu: 'Voltar ao cardápio',
  stoppedTitle: 'Pagamento não concluído',
  backToCheckout: 'Voltar ao pedido',
  staleTitle: 'PIX não identificado',
  staleText:
    'Não identificamos a tempo o pagamento do seu último PIX. Se você pagou, o pedido aparece em Meus pedidos; se não, é só pedir de novo.',
  gotIt: 'Entendi',
  cardTitle: 'Pagamento com cartão',
  cardConfirming: 'Confirmando o pagamento…',
  cardCancel: 'Cancelar e voltar ao pedido',
  cardCanceling: 'Cancelando…',
  cardAuthTitle: 'Confirme com o seu banco',
  cardSlowTitle: 'Pagamento em confirmação',
  cardSlowText:
    'O banco ainda não confirmou o pagamento. Assim que confirmar, o pedido vai para a loja e aparece em Meus pedidos.',
} as const;

type Key = keyof typeof ptBr;

const en: Record<Key, string> = {
  pixTitle: 'Pay with PIX',
  pixTimeLeft: 'Time left to pay',
  pixValidUntil: 'The code is valid until {time}.',
  pixOneMinute: 'One minute left before the code expires.',
  pixQrAlt: 'PIX QR code',
  pixQrHint: 'Paying from another device? Scan the QR code.',
  pixCopyLabel: 'PIX copy and paste',
  pixCopy: 'Copy code',
  pixCopied: 'Copied',
  pixCopiedNotice: 'Code copied! Paste it in your bank’s app, under PIX copy and paste.',
  pixCopyFailed: 'The code could not be copied. Tap it, select all and copy.',
  pixStepsTitle: 'How to pay',
  pixStep1: 'Copy the code or scan the QR code.',
  pixStep2: 'In your bank’s app, choose to pay with PIX and paste the code.',
  pixStep3: 'Confirm the payment. This screen moves on by itself.',
  pixWaiting: 'Waiting for the payment…',
  pixAbandon: 'Cancel the payment',
  abandonTitle: 'Cancel the payment?',
  abandonText: 'The order will be canceled and the cart emptied.',
  abandonKeep: 'Keep paying',
  abandonConfirm: 'Yes, cancel',
  abandoning: 'Canceling…',
  expiredTitle: 'PIX not identified',
  expiredText:
    'The time to pay this PIX is over and the order was canceled. If you paid after the deadline, the amount will be refunded.',
  backToMenu: 'Back to the menu',
  stoppedTitle: 'Payment not completed',
  backToCheckout: 'Back to the order',
  staleTitle: 'PIX not identified',
  staleText:
    'The payment of your last PIX was not identified in time. If you paid, the order shows in My orders; if not, just order again.',
  gotIt: 'Got it',
  cardTitle: 'Card payment',
  cardConfirming: 'Confirming the payment…',
  cardCancel: 'Cancel and go back to the order',
  cardCanceling: 'Canceling…',
  cardAuthTitle: 'Confirm with your bank',
  cardSlowTitle: 'Payment being confirmed',
  cardSlowText:
    'The bank has not confirmed the payment yet. Once it does, the order goes to the store and shows in My orders.',
};

export const usePaymentT = featureTranslator<Key>({ pt_br: ptBr, en });
export type PaymentT = ReturnType<typeof usePaymentT>;
