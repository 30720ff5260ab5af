import type { Company } from '@comanda/contract';
import { useT } from '../../../lib/i18n.ts';
import { usePaymentMethods } from '../../../lib/start-data.ts';

/** Spec section 3: ids 993, 994 and 995 are integrations, not methods a customer picks. */
const HIDDEN_IDS = new Set([993, 994, 995]);
const ONLINE_PIX_ID = 999;
const ONLINE_CARD_ID = 998;

export function PaymentTab({ company }: { company: Company }) {
  const t = useT();
  const { data, error } = usePaymentMethods();
  if (!data) return <p className="tab-message">{error ? t('loadFailed') : t('loading')}</p>;
  const methods = data
    .filter((method) => !HIDDEN_IDS.has(method.id))
    .sort((a, b) => a.ordem - b.ordem || a.id - b.id);
  const names = methods.map((method) => ({ id: String(method.id), name: method.descricao }));
  if (company.online_payment && company.payment_by_pix && !methods.some((m) => m.id === ONLINE_PIX_ID)) {
    names.push({ id: 'online-pix', name: t('onlinePix') });
  }
  if (company.online_payment && company.payment_by_card && !methods.some((m) => m.id === ONLINE_CARD_ID)) {
    names.push({ id: 'online-card', name: t('onlineCard') });
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
