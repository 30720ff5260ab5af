import type { CustomerAddress } from '@comanda/contract';
import { type DeliveryType, formatBRL } from '@comanda/domain';
import type { CheckoutT } from '../checkout-texts.ts';

const MODE_LABEL = {
  Entregar: 'modeEntregar',
  Retirada: 'modeRetirada',
  'Vem comer': 'modeVemComer',
} as const satisfies Record<DeliveryType, string>;

export interface DeliveryBlockProps {
  /** The delivery types the store offers; the tab bar shows only when there is a choice. */
  modes: readonly DeliveryType[];
  selected: DeliveryType;
  delivering: boolean;
  address: CustomerAddress | null;
  deliveryFee: number;
  store: { nome: string; endereco: string };
  /** A table order: the table's name ('Mesa 3'), once known; the order is brought there. */
  table?: string | null;
  onChooseMode: (mode: DeliveryType) => void;
  onOpenAddresses: () => void;
  t: CheckoutT;
}

/** The delivery-mode tab bar and the address (delivery) or the store's card (pickup, eat in). */
export function DeliveryBlock({
  modes,
  selected,
  delivering,
  address,
  deliveryFee,
  store,
  table,
  onChooseMode,
  onOpenAddresses,
  t,
}: DeliveryBlockProps) {
  return (
    <>
      {modes.length > 1 ? (
        <div className="checkout-tabs" role="tablist" aria-label={t('deliveryMode')}>
          {modes.map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={selected === mode}
              className="checkout-tab"
              onClick={() => onChooseMode(mode)}
            >
              {t(MODE_LABEL[mode])}
            </button>
          ))}
        </div>
      ) : null}

      {delivering ? (
        <section className="checkout-card" aria-labelledby="checkout-address-title">
          <h3 id="checkout-address-title" className="checkout-card-title">
            {t('deliveryAddress')}
          </h3>
          {address ? (
            <>
              <p className="checkout-strong">{address.name}</p>
              <p>{address.full_address}</p>
              <p>{t('deliveryFeeOf', { fee: formatBRL(deliveryFee) })}</p>
            </>
          ) : (
            <p>{t('noAddress')}</p>
          )}
          <button type="button" className="button button-secondary" onClick={onOpenAddresses}>
            {address ? t('changeAddress') : t('chooseAddress')}
          </button>
        </section>
      ) : table ? (
        <section className="checkout-card" aria-labelledby="checkout-table-title">
          <h3 id="checkout-table-title" className="checkout-card-title">
            {t('tableOrderAt')}
          </h3>
          <p className="checkout-strong">{table}</p>
          <p>{t('tableOrderHint')}</p>
        </section>
      ) : (
        <section className="checkout-card" aria-labelledby="checkout-pickup-title">
          <h3 id="checkout-pickup-title" className="checkout-card-title">
            {t(selected === 'Vem comer' ? 'eatInAt' : 'pickupAt')}
          </h3>
          <p>{store.nome}</p>
          <p>{store.endereco}</p>
        </section>
      )}
    </>
  );
}
