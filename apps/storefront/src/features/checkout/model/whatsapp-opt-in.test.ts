import { describe, expect, it } from 'vitest';
import { whatsappOptIn, whatsappSubmission } from './whatsapp-opt-in.ts';

const consent = (atualizacoes_pedido: boolean, disponivel = true) => ({ disponivel, atualizacoes_pedido });

describe('the checkout’s WhatsApp opt-in', () => {
  it('is off by default and sends nothing until the customer switches it on', () => {
    const off = whatsappOptIn({
      storeActive: true,
      tableOrder: false,
      consent: consent(false),
      choice: null,
    });
    expect(off).toEqual({ shown: true, alreadyOn: false, checked: false });
    expect(whatsappSubmission(off)).toEqual({});
    const on = whatsappOptIn({ storeActive: true, tableOrder: false, consent: consent(false), choice: true });
    expect(whatsappSubmission(on)).toEqual({ whatsapp_atualizacoes: true });
  });

  it('starts on for a customer who already agreed, and sends no second agreement', () => {
    const state = whatsappOptIn({
      storeActive: true,
      tableOrder: false,
      consent: consent(true),
      choice: null,
    });
    expect(state).toEqual({ shown: true, alreadyOn: true, checked: true });
    expect(whatsappSubmission(state)).toEqual({});
  });

  it('is hidden where the store has no active channel, at a table, or when the server says unavailable', () => {
    for (const input of [
      { storeActive: false, tableOrder: false, consent: consent(false), choice: true },
      { storeActive: true, tableOrder: true, consent: consent(false), choice: true },
      { storeActive: true, tableOrder: false, consent: consent(false, false), choice: true },
    ]) {
      const state = whatsappOptIn(input);
      expect(state.shown).toBe(false);
      expect(state.checked).toBe(false);
      expect(whatsappSubmission(state)).toEqual({});
    }
  });

  it('still offers the choice when the consent could not be read (off, as for a new customer)', () => {
    const state = whatsappOptIn({ storeActive: true, tableOrder: false, consent: undefined, choice: null });
    expect(state).toEqual({ shown: true, alreadyOn: false, checked: false });
  });
});
