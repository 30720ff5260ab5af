import { featureTranslator } from '../../lib/i18n.ts';

/* Meta's and our WhatsApp failure codes in words (issue 36), for the inbox and Ajustes › WhatsApp. */

const FAILURE_KEYS = {
  '131047': 'failure_window',
  '131026': 'failure_undeliverable',
  '130429': 'failure_rate',
  '131056': 'failure_rate',
  '132001': 'failure_template_missing',
  '132000': 'failure_template_params',
  '131051': 'failure_unsupported',
  '131048': 'failure_spam',
  '190': 'failure_token',
  '0': 'failure_unreachable',
  TEMPLATE_NOT_REGISTERED: 'failure_template_unmarked',
  BAD_SIGNATURE: 'failure_signature',
  UNKNOWN_PHONE_NUMBER_ID: 'failure_unknown_number',
  WEBHOOK_INVALID: 'failure_webhook_invalid',
  OPTED_OUT: 'failure_opted_out',
  ERRO_INTERNO: 'failure_internal',
} as const;

type FailureKey = (typeof FAILURE_KEYS)[keyof typeof FAILURE_KEYS];

export const useWhatsappWordsT = featureTranslator<FailureKey | 'failure_other'>({
  pt_br: {
    failure_window:
      'Fora da janela de 24 horas: o cliente não escreve há mais de um dia, e o WhatsApp só aceita modelos aprovados.',
    failure_undeliverable: 'O número não recebeu (sem WhatsApp, ou com um aplicativo desatualizado).',
    failure_rate: 'Limite de envios do WhatsApp atingido. A mensagem é tentada de novo em instantes.',
    failure_template_missing: 'O modelo não existe na conta da Meta, ou não está aprovado neste idioma.',
    failure_template_params:
      'O modelo da Meta tem outras variáveis que as deste texto. Confira o texto registrado.',
    failure_template_unmarked:
      'O modelo não está marcado como registrado em Ajustes › WhatsApp; nada foi enviado.',
    failure_unsupported: 'O WhatsApp não aceita este tipo de mensagem.',
    failure_spam: 'O WhatsApp bloqueou o envio: o número foi denunciado ou bloqueado por muitos clientes.',
    failure_token: 'O token de acesso da Meta é inválido ou expirou. Informe um novo em Ajustes › WhatsApp.',
    failure_unreachable: 'A Meta não respondeu. A mensagem é tentada de novo.',
    failure_signature:
      'Um aviso da Meta chegou com assinatura que não confere (app secret diferente). Ignorado.',
    failure_unknown_number: 'Um aviso da Meta chegou para um número que não é o desta loja. Ignorado.',
    failure_webhook_invalid: 'Um aviso da Meta chegou em formato que não entendemos. Ignorado.',
    failure_opted_out: 'O cliente pediu para não receber mensagens; nada foi enviado.',
    failure_internal: 'Erro nosso ao enviar. A mensagem é tentada de novo.',
    failure_other: '{message} (código {code})',
  },
  en: {
    failure_window:
      'Outside the 24-hour window: the customer has not written for over a day, and WhatsApp takes only approved templates.',
    failure_undeliverable: 'The number did not receive it (no WhatsApp, or an outdated app).',
    failure_rate: 'WhatsApp’s sending limit was reached. The message is tried again shortly.',
    failure_template_missing:
      'The template does not exist in the Meta account, or is not approved in this language.',
    failure_template_params: 'Meta’s template has other variables than this text. Check the registered text.',
    failure_template_unmarked:
      'The template is not marked as registered in Settings › WhatsApp; nothing was sent.',
    failure_unsupported: 'WhatsApp does not accept this kind of message.',
    failure_spam: 'WhatsApp blocked the send: the number was reported or blocked by many customers.',
    failure_token: 'Meta’s access token is invalid or expired. Enter a new one in Settings › WhatsApp.',
    failure_unreachable: 'Meta did not answer. The message is tried again.',
    failure_signature:
      'A notice from Meta came with a signature that does not match (another app secret). Ignored.',
    failure_unknown_number: 'A notice from Meta came for a number that is not this store’s. Ignored.',
    failure_webhook_invalid: 'A notice from Meta came in a shape we do not understand. Ignored.',
    failure_opted_out: 'The customer asked not to get messages; nothing was sent.',
    failure_internal: 'Our error while sending. The message is tried again.',
    failure_other: '{message} (code {code})',
  },
});

export type WhatsappWordsT = ReturnType<typeof useWhatsappWordsT>;

/** A failure in words: ours for the codes we know, else Meta's own message with its code. */
export function failureText(failure: { codigo: string; mensagem: string }, t: WhatsappWordsT): string {
  const key = (FAILURE_KEYS as Record<string, FailureKey>)[failure.codigo];
  if (key) return t(key);
  return failure.mensagem
    ? t('failure_other', { message: failure.mensagem, code: failure.codigo })
    : failure.codigo;
}
