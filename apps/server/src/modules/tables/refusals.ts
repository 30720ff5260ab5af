import type { SplitByItemsResult } from '@comanda/domain';
import { AppError, invalid, notFound } from '../../lib/errors.ts';

/*
 * The refusals of the table calls (TABLE_ERROR_CODES of @comanda/contract), in the Portuguese the
 * guests and the staff read. A round refused at placement is the orders module's (its refusals.ts).
 */

const conflict = (code: string, detail: string, field?: string) =>
  new AppError('conflict', code, detail, field ? { field } : {});

/** Spec section 8 'Table not found': what a guest reads for an unknown table or a bad QR token. */
export const TABLE_NOT_FOUND_TEXT = 'Mesa não encontrada. Leia o QrCode novamente ou faça o login';

export const refuse = {
  /** A guest's table that does not exist, is not active, or is another store's. */
  guestTableNotFound: () => notFound('TABLE_NOT_FOUND', TABLE_NOT_FOUND_TEXT),
  /** 400, never 401 or 403: those sign the storefront out. */
  tableTokenInvalid: () => invalid('TABLE_TOKEN_INVALID', TABLE_NOT_FOUND_TEXT, 'token'),
  tableNotFound: () => notFound('TABLE_NOT_FOUND', 'Mesa não encontrada.'),
  inactiveTable: () => notFound('TABLE_NOT_FOUND', 'Mesa não encontrada ou desativada.'),
  tabNotFound: () => notFound('TAB_NOT_FOUND', 'Conta não encontrada.'),
  tabNotOpen: () => conflict('TAB_NOT_OPEN', 'A conta desta mesa já foi fechada.'),
  noOpenTab: () =>
    conflict(
      'NO_OPEN_TAB',
      'Esta mesa ainda não tem pedidos para fechar a conta. Chame o garçom se precisar.',
      'kind',
    ),
  shareNotFound: () => notFound('TAB_SHARE_NOT_FOUND', 'Parte da conta não encontrada.'),
  shareAlreadyPaid: () => conflict('TAB_SHARE_ALREADY_PAID', 'Esta parte da conta já foi paga.'),
  pixNotOffered: () =>
    conflict('PIX_NOT_OFFERED', 'Esta loja não aceita PIX pelo app. Pague a sua parte no caixa.'),
  sharePixNotFound: () => notFound('TAB_SHARE_PIX_NOT_FOUND', 'PIX não encontrado.'),
  providerFailed: () =>
    new AppError(
      'unavailable',
      'PAYMENT_PROVIDER_ERROR',
      'Não foi possível gerar o PIX agora. Tente de novo em instantes.',
    ),
  tooManyPix: (retryAfterSeconds: number, wait: string) =>
    new AppError(
      'too_many',
      'TOO_MANY_PIX_ATTEMPTS',
      `Muitos PIX gerados a partir deste aparelho. Tente novamente em ${wait}.`,
      { retryAfterSeconds },
    ),
  cardNotOffered: () =>
    conflict('CARD_NOT_OFFERED', 'Esta loja não aceita cartão pelo app. Pague a sua parte no caixa.'),
  shareCardNotFound: () => notFound('TAB_SHARE_CARD_NOT_FOUND', 'Pagamento com cartão não encontrado.'),
  cardAttemptNotPayable: (detail = 'Este pagamento com cartão não pode mais receber um cartão.') =>
    conflict('CARD_ATTEMPT_NOT_PAYABLE', detail),
  cardAttemptBusy: () =>
    conflict('CARD_ATTEMPT_NOT_PAYABLE', 'Este pagamento com cartão já está em andamento. Aguarde.'),
  /** 402: the decline in the guest's words; the attempt failed and another may be opened. */
  cardDeclined: (detail: string, reason: string) =>
    new AppError('payment_required', 'CARD_DECLINED', detail, { declineReason: reason }),
  cardProviderFailed: () =>
    new AppError(
      'unavailable',
      'PAYMENT_PROVIDER_ERROR',
      'Não foi possível iniciar o pagamento com cartão agora. Tente de novo em instantes.',
    ),
  tooManyCardAttempts: (retryAfterSeconds: number, wait: string) =>
    new AppError(
      'too_many',
      'TOO_MANY_CARD_ATTEMPTS',
      `Muitas tentativas de pagamento com cartão a partir deste aparelho. Tente novamente em ${wait}.`,
      { retryAfterSeconds },
    ),
  callNotFound: () => notFound('TABLE_CALL_NOT_FOUND', 'Chamado não encontrado.'),
  descriptionTaken: (description: string) =>
    conflict('TABLE_DESCRIPTION_TAKEN', `Já existe uma mesa chamada '${description}'.`, 'description'),
  tableHasOpenTab: () =>
    conflict('TABLE_HAS_OPEN_TAB', 'Feche a conta desta mesa antes de desativá-la.', 'ativo'),
  tableAlreadyOpen: () => conflict('TABLE_ALREADY_OPEN', 'Esta mesa já está aberta.'),
  tooManyCalls: (retryAfterSeconds: number, wait: string) =>
    new AppError(
      'too_many',
      'TOO_MANY_TABLE_CALLS',
      `Vocês já chamaram a equipe várias vezes. Aguarde um pouco: tente novamente em ${wait}.`,
      { retryAfterSeconds },
    ),
};

type SplitProblem = Extract<SplitByItemsResult, { ok: false }>;

/** 400 TAB_SPLIT_INVALID naming what is wrong with a split by items (field `split`). */
export function splitInvalid(problem: SplitProblem, lineName: (id: number) => string | undefined): AppError {
  const line = (id: number | undefined) => {
    const name = id === undefined ? undefined : lineName(id);
    return name ? `O item '${name}' (linha ${id})` : `A linha ${id}`;
  };
  const detail = (() => {
    switch (problem.reason) {
      case 'LINE_UNASSIGNED':
        return `${line(problem.lineId)} não está em nenhuma parte: cada item da conta deve estar em uma parte.`;
      case 'LINE_TWICE':
        return `${line(problem.lineId)} está em mais de uma parte: cada item deve estar em uma só.`;
      case 'LINE_UNKNOWN':
        return `A linha ${problem.lineId} não é um item a pagar desta conta (de outra conta, cancelado ou pago online).`;
      case 'EMPTY_SHARE':
        return 'Cada parte da conta precisa de pelo menos um item.';
    }
  })();
  return invalid('TAB_SPLIT_INVALID', detail, 'split');
}
