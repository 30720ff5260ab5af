import type { PaymentStatus } from '@comanda/contract';
import type * as repo from './repository.ts';
import type { StrayStatus } from './stray-charges.ts';

/* The texts a customer (or a guest at a table) is shown about a payment, in their words. */

export const STATUS_DETAIL: Record<PaymentStatus, string> = {
  pending: 'Aguardando o pagamento.',
  paid: 'Pagamento confirmado!',
  failed: 'O pagamento não foi concluído. Seu pedido não foi enviado à loja.',
  expired: 'O tempo para pagar este PIX acabou. Seu pedido não foi enviado à loja.',
  canceled: 'Pagamento cancelado. Seu pedido não foi enviado à loja.',
  refunded: 'O pagamento chegou depois do prazo e foi devolvido.',
};

export const CARD_STATUS_DETAIL: Record<PaymentStatus, string> = {
  pending: 'Aguardando o pagamento com cartão.',
  paid: 'Pagamento aprovado!',
  failed: 'O pagamento com cartão não foi concluído. Seu pedido não foi enviado à loja.',
  expired: 'O tempo para pagar com cartão acabou. Seu pedido não foi enviado à loja.',
  canceled: 'Pagamento cancelado. Seu pedido não foi enviado à loja.',
  refunded: 'O pagamento foi devolvido ao cartão.',
};

/** Why the money of a refunded payment went back, in the customer's words. */
export const REFUND_DETAIL: Record<repo.RefundReason, string> = {
  late: 'O pagamento chegou depois do prazo e foi devolvido.',
  amount: 'O valor pago não era o do pedido e foi devolvido. Seu pedido não foi enviado à loja.',
  stopped: 'O pagamento chegou depois que a tentativa foi encerrada e foi devolvido.',
  store_cancel: 'A loja cancelou o pedido e o pagamento foi devolvido.',
  provider: 'O pagamento foi devolvido.',
};

export const statusDetail = (payment: repo.PaymentRow) => {
  if (payment.status === 'refunded' && payment.refundReason) {
    const reason = payment.refundReason as repo.RefundReason;
    if (payment.method === 'card' && reason === 'stopped')
      return 'O cartão foi cobrado depois que a tentativa foi encerrada; o valor foi devolvido ao cartão.';
    if (payment.method === 'card' && reason !== 'amount' && reason !== 'store_cancel')
      return CARD_STATUS_DETAIL.refunded;
    return REFUND_DETAIL[reason] ?? REFUND_DETAIL.provider;
  }
  return (payment.method === 'card' ? CARD_STATUS_DETAIL : STATUS_DETAIL)[payment.status as PaymentStatus];
};

/** What a customer is told when a card was charged for an attempt that no longer took it. */
export const STRAY_CARD_DETAIL: Record<StrayStatus, string> = {
  due: 'Este pagamento já não estava aberto: a cobrança deste cartão será devolvida.',
  refunded: 'Este pagamento já não estava aberto: a cobrança deste cartão foi devolvida.',
  canceled: 'Este pagamento já não estava aberto: a cobrança deste cartão foi cancelada.',
  manual: 'Este pagamento já não estava aberto: a loja vai devolver a cobrança deste cartão.',
};

export const PROVIDER_FAILED = 'Não foi possível gerar o PIX agora. Tente de novo em instantes.';
export const CARD_PROVIDER_FAILED =
  'Não foi possível iniciar o pagamento com cartão agora. Tente de novo em instantes.';

/** The provider's decline in the customer's words (the provider's own text for what we do not know). */
export function declineText(message: string | null): string {
  const text = message ?? '';
  // Mercado Pago's status_detail of a rejected card payment.
  const mercadoPago: Record<string, string> = {
    cc_rejected_insufficient_amount: 'Cartão recusado: saldo ou limite insuficiente.',
    cc_rejected_bad_filled_security_code: 'Cartão recusado: confira o código de segurança.',
    cc_rejected_bad_filled_date: 'Cartão recusado: confira a data de vencimento.',
    cc_rejected_bad_filled_other: 'Cartão recusado: confira os dados do cartão.',
    cc_rejected_call_for_authorize: 'Cartão recusado: autorize o pagamento com o seu banco e tente de novo.',
    cc_rejected_card_disabled: 'Cartão recusado: o cartão está bloqueado. Fale com o seu banco.',
    cc_rejected_3ds_challenge:
      'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.',
    cc_rejected_3ds_mandatory: 'Este cartão pede autenticação do banco. Use outro cartão.',
    cc_rejected_high_risk:
      'Cartão recusado pela análise de segurança. Use outro cartão ou outra forma de pagamento.',
  };
  if (mercadoPago[text]) return mercadoPago[text];
  if (/^cc_rejected/.test(text))
    return 'Cartão recusado pelo banco. Use outro cartão ou outra forma de pagamento.';
  if (/insufficient funds/i.test(text)) return 'Cartão recusado: saldo ou limite insuficiente.';
  if (/authenticat/i.test(text))
    return 'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.';
  if (/expired/i.test(text)) return 'Cartão recusado: o cartão está vencido.';
  if (/declined/i.test(text))
    return 'Cartão recusado pelo banco. Use outro cartão ou outra forma de pagamento.';
  return text ? `Cartão recusado: ${text}` : 'Cartão recusado.';
}

/**
 * A card's decline as a stable word (for a guest's language on the storefront): Mercado Pago's
 * status_detail, or the provider's words.
 */
export function declineReason(
  message: string | null,
): 'insufficient_funds' | 'check_data' | 'call_bank' | 'authentication' | 'declined' {
  const text = message ?? '';
  if (text === 'cc_rejected_insufficient_amount' || /insufficient funds/i.test(text))
    return 'insufficient_funds';
  if (/^cc_rejected_bad_filled_/.test(text)) return 'check_data';
  if (text === 'cc_rejected_call_for_authorize' || text === 'cc_rejected_card_disabled') return 'call_bank';
  if (/^cc_rejected_3ds_/.test(text) || /authenticat/i.test(text)) return 'authentication';
  return 'declined';
}
