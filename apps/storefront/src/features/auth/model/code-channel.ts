import type { CodeChannel } from '@comanda/contract';

/*
 * Where the recovery code went (issue 36, docs/decisions/0073): WhatsApp first where the store has
 * the channel, SMS otherwise or when asked. A server without the field sent it by SMS.
 */

export function codeChannelOf(value: unknown): CodeChannel {
  return value === 'whatsapp' ? 'whatsapp' : 'sms';
}

export interface CodeStepWords {
  /** The line that says where the code went. */
  intro: 'codeSentWhatsapp' | 'recoveryIntro' | 'recoveryIntroPending';
  /** The code field's label. */
  label: 'codeWhatsapp' | 'code';
  /** 'Receber por SMS' is offered only after a code went by WhatsApp. */
  offerSms: boolean;
}

/** The code step's words for the channel the last code went by (null: none answered yet). */
export function codeStepWords(canal: CodeChannel | null): CodeStepWords {
  if (canal === 'whatsapp') return { intro: 'codeSentWhatsapp', label: 'codeWhatsapp', offerSms: true };
  if (canal === 'sms') return { intro: 'recoveryIntro', label: 'code', offerSms: false };
  return { intro: 'recoveryIntroPending', label: 'code', offerSms: false };
}
