import { SwitchField, withPhone } from '../../../components/text-field.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

export interface WhatsappBlockProps {
  checked: boolean;
  /** The number the updates go to, for reading ((11) 98765-4321). */
  phone: string;
  /** A customer who already agreed is stopping them: the call is under way. */
  busy: boolean;
  /** What happened to a stop asked here ('stopped', or why it failed). */
  notice: string | null;
  onChange: (checked: boolean) => void;
  t: CheckoutT;
}

/** The opt-in row of issue 36: order updates on WhatsApp, off unless the customer agreed before. */
export function WhatsappBlock({ checked, phone, busy, notice, onChange, t }: WhatsappBlockProps) {
  return (
    <section className="checkout-card" aria-label={t('whatsappTitle')}>
      <SwitchField
        label={t('whatsappOptIn')}
        description={
          phone
            ? withPhone((shown) => t('whatsappOptInDetail', { phone: shown }), phone)
            : t('whatsappOptInDetailNoPhone')
        }
        checked={checked}
        busy={busy}
        onChange={(next) => {
          if (!busy) onChange(next);
        }}
      />
      <div role="status" className="checkout-whatsapp-notice">
        {notice ? <p className="checkout-whatsapp-text">{notice}</p> : null}
      </div>
    </section>
  );
}
