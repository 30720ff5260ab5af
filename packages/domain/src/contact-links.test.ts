import { describe, expect, it } from 'vitest';
import { isContactLinkAllowed } from './contact-links.ts';

const ATTACKS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '//evil.example',
  '\\\\evil.example',
  'https://user:pass@evil.example',
  'http:evil.example',
  'https:/evil.example',
  'file:///etc/passwd',
];

describe("a store's contact links (issue 30, F6)", () => {
  it('refuses script, data and scheme-relative links in every field', () => {
    for (const kind of ['phone', 'whatsapp', 'social', 'site'] as const)
      for (const attack of ATTACKS)
        expect(isContactLinkAllowed(kind, attack), `${kind} ${attack}`).toBe(false);
  });

  it('takes http(s) addresses, bare addresses and @handles for the site and social links', () => {
    for (const value of [
      'https://instagram.com/fornoebrasa',
      '@fornoebrasa',
      'fornoebrasa',
      'instagram.com/fornoebrasa',
    ])
      expect(isContactLinkAllowed('social', value), value).toBe(true);
    for (const value of ['https://fornoebrasa.example', 'http://loja.com.br/cardapio', 'loja.com.br'])
      expect(isContactLinkAllowed('site', value), value).toBe(true);
    expect(isContactLinkAllowed('site', '')).toBe(true);
  });

  it('takes a phone for the phone, and a phone or a WhatsApp link for WhatsApp', () => {
    for (const value of ['(11) 3255-0000', '+55 11 99999-0000', '5511999990000'])
      expect(isContactLinkAllowed('phone', value), value).toBe(true);
    for (const value of [
      '5511999990000',
      '(11) 99999-0000',
      'https://wa.me/5511999990000',
      'https://api.whatsapp.com/send?phone=5511999990000',
    ])
      expect(isContactLinkAllowed('whatsapp', value), value).toBe(true);
    for (const value of ['https://evil.example/wa', 'http://wa.me/5511999990000', 'ligue já', '1234'])
      expect(isContactLinkAllowed('whatsapp', value), value).toBe(false);
    expect(isContactLinkAllowed('phone', 'https://fornoebrasa.example')).toBe(false);
  });
});
