import { type KeyboardEvent, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { type MessageKey, useT } from '../../../lib/i18n.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import { AboutTab } from './about-tab.tsx';
import { DeliveryTab } from './delivery-tab.tsx';
import { HoursTab } from './hours-tab.tsx';
import { PaymentTab } from './payment-tab.tsx';

type TabId = 'about' | 'hours' | 'delivery' | 'payment';

const TAB_LABELS: Record<TabId, MessageKey> = {
  about: 'tabAbout',
  hours: 'tabHours',
  delivery: 'tabDelivery',
  payment: 'tabPayment',
};

/** The store info modal (spec section 2), loaded on demand. */
export default function StoreInfoDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { data: company } = useCompany();
  const [selected, setSelected] = useState<TabId>('about');
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  const tabs: TabId[] = [
    'about',
    'hours',
    ...(company?.authorized_delivery ? (['delivery'] as const) : []),
    'payment',
  ];

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = tabs[next]!;
    setSelected(id);
    tabRefs.current.get(id)?.focus();
  };

  return (
    <Dialog labelledBy="store-info-title" onClose={onClose} className="store-info">
      <div className="dialog-header">
        <h2 id="store-info-title" className="dialog-title">
          {company?.nome ?? t('storeInfo')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="tabs" role="tablist" aria-label={t('storeInfo')}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(element) => {
              if (element) tabRefs.current.set(id, element);
              else tabRefs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`store-info-tab-${id}`}
            aria-selected={selected === id}
            aria-controls={`store-info-panel-${id}`}
            tabIndex={selected === id ? 0 : -1}
            className="tab"
            onClick={() => setSelected(id)}
            onKeyDown={onTabKeyDown}
          >
            {t(TAB_LABELS[id])}
          </button>
        ))}
      </div>
      {tabs.map((id) => (
        <div
          key={id}
          className="tab-panel"
          role="tabpanel"
          id={`store-info-panel-${id}`}
          aria-labelledby={`store-info-tab-${id}`}
          hidden={selected !== id}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel focusable
          tabIndex={0}
        >
          {!company ? (
            <p className="tab-message">{t('loading')}</p>
          ) : id === 'about' ? (
            <AboutTab company={company} />
          ) : id === 'hours' ? (
            <HoursTab />
          ) : id === 'delivery' ? (
            <DeliveryTab company={company} />
          ) : (
            <PaymentTab company={company} />
          )}
        </div>
      ))}
    </Dialog>
  );
}
