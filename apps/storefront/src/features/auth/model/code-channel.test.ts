import { describe, expect, it } from 'vitest';
import { codeChannelOf, codeStepWords } from './code-channel.ts';

describe('where the recovery code went', () => {
  it('reads the reply’s canal; a reply without one went by SMS', () => {
    expect(codeChannelOf('whatsapp')).toBe('whatsapp');
    expect(codeChannelOf('sms')).toBe('sms');
    expect(codeChannelOf(undefined)).toBe('sms');
    expect(codeChannelOf('telegram')).toBe('sms');
  });

  it('says WhatsApp and offers SMS after a WhatsApp code; SMS words otherwise', () => {
    expect(codeStepWords('whatsapp')).toEqual({
      intro: 'codeSentWhatsapp',
      label: 'codeWhatsapp',
      offerSms: true,
    });
    expect(codeStepWords('sms')).toEqual({ intro: 'recoveryIntro', label: 'code', offerSms: false });
    expect(codeStepWords(null).offerSms).toBe(false);
  });
});
