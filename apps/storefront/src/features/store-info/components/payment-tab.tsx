import type { Company } from '@comanda/contract';
import {
  DELIVERY_TYPES,
  ONLINE_CARD_ID,
  ONLINE_PIX_ID,
  offeredInPerson,
  paymentNameInLanguage,
} from '@comanda/domain';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { usePaymentMethods } from '../../../lib/start-data.ts';

/**
 * The methods the checkout offers in person (for some delivery type; never the reserved online
 * ids), then the online entries the store takes.
 */
export function PaymentTab({ company }: { company: Company }) {
  const t = useT();
  const language = useLanguage();
  const { data, error } = usePaymentMethods();
  if (!data) return <p className="tab-message">{error ? t('loadFailed') : t('loading')}</p>;
  const methods = data
    .filter((method) => DELIVERY_TYPES.some((type) => offeredInPerson(method, type)))
    .sort((a, b) => a.ordem - b.ordem || a.id - b.id);
  const names = methods.map((method) => ({
    id: method.id,
    name: paymentNameInLanguage(method.descricao, language),
  }));
  if (company.online_payment && company.payment_by_pix) {
    names.push({ id: ONLINE_PIX_ID, name: t('onlinePix') });
  }
  if (company.online_payment && company.payment_by_card) {
    names.push({ id: ONLINE_CARD_ID, name: t('onlineCard') });
  }
  if (names.length === 0) return <p className="tab-message">{t('noPaymentMethods')}</p>;
  return (
    <ul className="payment-list">
      {names.map((method) => (
        <li key={method.id}>{method.name}</li>
      ))}
    </ul>
  );
}
