import { useState } from 'react';
import { SwitchField, withPhone } from '../../../components/text-field.tsx';
import { saveCustomerWhatsapp, useCustomerWhatsapp } from '../../../lib/customer.ts';
import { formatPhone } from '../../../lib/phone-display.ts';
import { useProfileT } from '../profile-texts.ts';

type Outcome = 'on' | 'off' | 'failed' | null;

/**
 * Issue 36: order updates on WhatsApp, switched on or off here (the consent is recorded, or revoked,
 * in the LGPD log by the server). Shown only where the store has an active channel.
 */
export function WhatsappUpdates({ storeActive, phone }: { storeActive: boolean; phone: string }) {
  const t = useProfileT();
  const { data, mutate } = useCustomerWhatsapp(storeActive);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!storeActive || !data?.disponivel) return null;

  const change = async (on: boolean) => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await mutate(await saveCustomerWhatsapp(on), false);
      setOutcome(on ? 'on' : 'off');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-switch" aria-label={t('whatsappSection')}>
      <SwitchField
        label={t('whatsappUpdates')}
        description={
          phone
            ? withPhone((shown) => t('whatsappUpdatesDetail', { phone: shown }), formatPhone(phone))
            : t('whatsappUpdatesDetailNoPhone')
        }
        checked={data.atualizacoes_pedido}
        busy={busy}
        onChange={(on) => void change(on)}
      />
      <div role="status" className="profile-switch-status">
        {outcome === 'on' || outcome === 'off' ? (
          <p>{t(outcome === 'on' ? 'whatsappOn' : 'whatsappOff')}</p>
        ) : null}
      </div>
      {outcome === 'failed' ? (
        <p className="form-alert" role="alert">
          {t('whatsappFailed')}
        </p>
      ) : null}
    </section>
  );
}
