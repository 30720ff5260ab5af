import { featureTranslator } from '../../lib/i18n.ts';

/**
 * The card fields' texts (the providers' kits on the card route and on the table's card page);
 * they download with those pages, not with the menu.
 */
const ptBr = {
  cardFieldsTitle: 'Dados do cartão',
  cardSecure: 'Os dados do cartão vão direto para a {kit}: a loja não os vê.',
  cardSave: 'Salvar este cartão para as próximas compras',
  cardPay: 'Pagar {value}',
  cardPaying: 'Pagando…',
  cardLoading: 'Carregando o pagamento seguro…',
  cardKitError: 'Erro ao abrir {kit}.',
  cardKitDetails: 'Detalhes: {detail}',
  cardTryAgain: 'Tentar de novo',
  cardAuthTitle: 'Confirme com o seu banco',
  cardAuthText:
    'O banco do cartão final {last4} pediu uma confirmação. Siga as instruções na janela do banco.',
  cardDeclined: 'Cartão recusado pelo banco. Tente outro cartão ou outra forma de pagamento.',
  cardNoFunds: 'Cartão recusado: saldo ou limite insuficiente.',
  cardAuthFailed: 'A confirmação com o seu banco não foi concluída. Tente de novo ou use outro cartão.',
  cardExpired: 'Cartão recusado: o cartão está vencido.',
  cardIncorrect: 'O número do cartão está incorreto.',
  cardNumberLabel: 'Número do cartão',
  cardExpiryLabel: 'MM/AA',
  cardCvcLabel: 'CVV',
  cardHolderLabel: 'Nome impresso no cartão',
  cardHolderCpf: 'CPF do titular do cartão',
  cardCpfInvalid: 'Informe um CPF válido.',
  cardCheckData: 'Confira os dados do cartão.',
  cardUnreachable: 'Não foi possível enviar o pagamento. Verifique sua conexão e tente de novo.',
  cardSavedTitle: 'Cartão final {last4}',
  cardSavedCvc: 'Para pagar com o cartão salvo, digite o código de segurança (no verso do cartão).',
} as const;

type Key = keyof typeof ptBr;

const en: Record<Key, string> = {
  cardFieldsTitle: 'Card details',
  cardSecure: 'Your card details go straight to {kit}: the store never sees them.',
  cardSave: 'Save this card for next time',
  cardPay: 'Pay {value}',
  cardPaying: 'Paying…',
  cardLoading: 'Loading the secure payment…',
  cardKitError: 'Could not open {kit}.',
  cardKitDetails: 'Details: {detail}',
  cardTryAgain: 'Try again',
  cardAuthTitle: 'Confirm with your bank',
  cardAuthText:
    'The bank of the card ending in {last4} asked for a confirmation. Follow the steps in the bank’s window.',
  cardDeclined: 'Card declined by the bank. Try another card or another payment method.',
  cardNoFunds: 'Card declined: insufficient funds or limit.',
  cardAuthFailed: 'The confirmation with your bank was not completed. Try again or use another card.',
  cardExpired: 'Card declined: the card has expired.',
  cardIncorrect: 'The card number is incorrect.',
  cardNumberLabel: 'Card number',
  cardExpiryLabel: 'MM/YY',
  cardCvcLabel: 'CVC',
  cardHolderLabel: 'Name on the card',
  cardHolderCpf: 'Cardholder’s CPF',
  cardCpfInvalid: 'Enter a valid CPF.',
  cardCheckData: 'Check the card details.',
  cardUnreachable: 'The payment could not be sent. Check your connection and try again.',
  cardSavedTitle: 'Card ending in {last4}',
  cardSavedCvc: 'To pay with the saved card, enter its security code (on the back of the card).',
};

export const useCardT = featureTranslator<Key>({ pt_br: ptBr, en });
export type CardT = ReturnType<typeof useCardT>;
