import { useId } from 'react';
import { featureTranslator } from '../lib/i18n.ts';
import { useCompany } from '../lib/start-data.ts';
import { Dialog } from '../shared/dialog.tsx';
import { CloseIcon } from './icons.tsx';
import '../shared/form.css';

/*
 * The terms of use a customer accepts at sign-up and can read again from the profile. Stores do
 * not supply their own text yet; this one says what the storefront actually does with an account.
 */
const useTermsT = featureTranslator({
  pt_br: {
    termsTitle: 'Termos de uso',
    terms1: 'Ao criar uma conta em {store}, você concorda com estes termos.',
    terms2:
      'Sua conta é identificada pelo seu celular e protegida pela sua senha. Não compartilhe a senha com ninguém; se esquecer, peça um novo código por SMS.',
    terms3:
      'Usamos seu nome, celular, e-mail, documento e endereços apenas para preparar, entregar e cobrar seus pedidos e para falar com você sobre eles.',
    terms4:
      'Mensagens promocionais só são enviadas se você quiser. Você pode mudar essa escolha quando quiser em Privacidade.',
    terms5:
      'Preços, taxas e prazos são os mostrados quando você faz o pedido; a loja confirma o pedido ao aceitá-lo.',
    terms6:
      'Você pode pedir à loja a correção ou a exclusão dos seus dados pelos contatos em Informações da loja.',
  },
  en: {
    termsTitle: 'Terms of use',
    terms1: 'By creating an account at {store}, you agree to these terms.',
    terms2:
      'Your account is identified by your mobile number and protected by your password. Do not share the password with anyone; if you forget it, ask for a new code by SMS.',
    terms3:
      'We use your name, mobile number, e-mail, document and addresses only to prepare, deliver and charge your orders and to talk to you about them.',
    terms4:
      'Promotional messages are only sent if you want them. You can change that choice at any time in Privacy.',
    terms5:
      'Prices, fees and times are the ones shown when you place the order; the store confirms the order by accepting it.',
    terms6: 'You can ask the store to correct or delete your data through the contacts in Store information.',
  },
});

const PARAGRAPHS = ['terms2', 'terms3', 'terms4', 'terms5', 'terms6'] as const;

/** The terms of use in a modal dialog. */
export function TermsDialog({ onClose }: { onClose: () => void }) {
  const t = useTermsT();
  const titleId = useId();
  const { data: company } = useCompany();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="terms-dialog">
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {t('termsTitle')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="terms-text">
        <p>{t('terms1', { store: company?.nome ?? '' })}</p>
        {PARAGRAPHS.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
    </Dialog>
  );
}
