import { describe, expect, it } from 'vitest';
import { whatsappHref } from './whatsapp.ts';

describe('whatsappHref', () => {
  it('opens a chat with the number, adding 55 to a Brazilian number without it', () => {
    expect(whatsappHref('5511999990000')).toBe('https://wa.me/5511999990000');
    expect(whatsappHref('(11) 99999-0000')).toBe('https://wa.me/5511999990000');
  });

  it('has no link without a number', () => {
    expect(whatsappHref('')).toBeNull();
    expect(whatsappHref('n/a')).toBeNull();
  });

  it('pre-fills the message, encoded', () => {
    expect(whatsappHref('5511999990000', 'Pedido nº 42 & PIX')).toBe(
      'https://wa.me/5511999990000?text=Pedido+n%C2%BA+42+%26+PIX',
    );
    expect(whatsappHref('https://wa.me/5511988880000', 'Oi')).toBe('https://wa.me/5511988880000?text=Oi');
  });
});
