import type { PaymentMethod } from '@comanda/contract';
import { useId } from 'react';
import { CopyValue } from '../../../components/copy-value.tsx';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

const KEY_TYPE_TEXT = {
  cpf: 'pixKeyCpf',
  cnpj: 'pixKeyCnpj',
  email: 'pixKeyEmail',
  telefone: 'pixKeyPhone',
  aleatoria: 'pixKeyRandom',
} as const;

/**
 * Spec section 2 "instant-payment key copy": the store's own PIX key (paid by the customer's bank
 * app, outside ours), with its type and holder's name so the customer can check who gets paid.
 */
export function PixKeyDialog({
  method,
  onClose,
  t,
}: {
  method: PaymentMethod & { chave_pix: string };
  onClose: () => void;
  t: CheckoutT;
}) {
  const titleId = useId();
  const keyType = method.tipo_chave_pix as keyof typeof KEY_TYPE_TEXT | null;
  const typeText = keyType && keyType in KEY_TYPE_TEXT ? t(KEY_TYPE_TEXT[keyType]) : null;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('pixKeyTitle')}
      </h2>
      <p>{t('pixKeyText')}</p>
      <CopyValue
        value={method.chave_pix}
        texts={{
          label: typeText ? t('pixKeyLabelTyped', { type: typeText }) : t('pixKeyLabel'),
          copy: t('copy'),
          copied: t('copied'),
          copiedNotice: t('pixKeyCopiedNotice'),
          failedNotice: t('copyFailed'),
        }}
      />
      {method.pix_nome_titular ? (
        <p className="checkout-pix-holder">{t('pixKeyHolder', { name: method.pix_nome_titular })}</p>
      ) : null}
      <p className="checkout-payment-hint">{t('pixKeyProofHint')}</p>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('gotIt')}
        </button>
      </div>
    </Dialog>
  );
}

/** An in-person PIX with a key to show (the store's own key, not PIX through the app). */
export function hasPixKey(method: PaymentMethod | null): method is PaymentMethod & { chave_pix: string } {
  return method?.tipo === 'pix' && typeof method.chave_pix === 'string' && method.chave_pix.trim() !== '';
}
