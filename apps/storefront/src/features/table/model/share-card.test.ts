import { SHARE_CARD_FAILURES, type TabShareCardReply } from '@comanda/contract';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { type TableT, useTableT } from '../table-texts.ts';
import { cardAttemptOf, shareCardFailureText, shareCardPagePath, stoppedCardText } from './share-card.ts';

let t: TableT;
beforeEach(() => {
  languageStore.set('pt_br');
  t = renderHook(() => useTableT()).result.current;
});

const card = (overrides: Partial<TabShareCardReply> = {}): TabShareCardReply => ({
  id: 5,
  status: 'pending',
  valor: 1309,
  card_kit: { provider: 'stripe', script_url: 'https://js.stripe.com/v3/', public_key: 'pk_test_x' },
  client_secret: 'pi_1_secret_2',
  three_ds: null,
  expira_em: '2026-11-20T23:45:00.000Z',
  pago_em: null,
  falha: null,
  detail: '',
  ...overrides,
});

describe('a share paid by card', () => {
  it('has its page under /mesa', () => {
    expect(shareCardPagePath(71)).toBe('/mesa/cartao/71');
  });

  it('words every failure the server names, and nothing for what it does not', () => {
    for (const reason of SHARE_CARD_FAILURES) {
      const text = shareCardFailureText(reason, t);
      expect(text, reason).toBeTruthy();
      expect(text).not.toContain('cardFailure_');
    }
    expect(shareCardFailureText('insufficient_funds', t)).toBe(
      'Cartão recusado: saldo ou limite insuficiente.',
    );
    expect(shareCardFailureText('something_new', t)).toBeNull();
    expect(shareCardFailureText(null, t)).toBeNull();
    languageStore.set('en');
    const en = renderHook(() => useTableT()).result.current;
    for (const reason of SHARE_CARD_FAILURES) {
      expect(shareCardFailureText(reason, en), reason).not.toBe(shareCardFailureText(reason, t));
    }
  });

  it('says why an attempt stopped: its failure, its expiry, or that it did not go through', () => {
    expect(stoppedCardText(card({ status: 'failed', falha: 'authentication' }), t)).toBe(
      'A confirmação com o seu banco não foi concluída. Tente de novo ou use outro cartão.',
    );
    expect(stoppedCardText(card({ status: 'expired' }), t)).toBe(
      'O tempo para pagar com este cartão acabou. Tente de novo.',
    );
    expect(stoppedCardText(card({ status: 'failed' }), t)).toBe(
      'O pagamento com cartão não foi concluído. Tente de novo ou use outro cartão.',
    );
  });

  it("gives the card fields the server's amount and the provider's kit; none without what the kit needs", () => {
    expect(cardAttemptOf(card())).toEqual({
      kit: { provider: 'stripe', scriptUrl: 'https://js.stripe.com/v3/', publicKey: 'pk_test_x' },
      amount: 1309,
      clientSecret: 'pi_1_secret_2',
      mode: 'new',
      methodId: null,
      last4: null,
    });
    // Stripe confirms with the client secret; Mercado Pago makes a token and needs none.
    expect(cardAttemptOf(card({ client_secret: null }))).toBeNull();
    const mp = {
      provider: 'mercadopago',
      script_url: 'https://sdk.mercadopago.com/js/v2',
      public_key: 'TEST-1',
    };
    expect(cardAttemptOf(card({ card_kit: mp, client_secret: null }))?.kit.provider).toBe('mercadopago');
    expect(cardAttemptOf(card({ card_kit: null }))).toBeNull();
  });
});
