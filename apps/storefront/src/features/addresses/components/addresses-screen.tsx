import { formatBRL, matchesSearch } from '@comanda/domain';
import { useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useCustomer } from '../../../lib/customer.ts';
import { isSelectableAddress } from '../../../lib/default-address.ts';
import { ConfirmDialog, type ConfirmState } from '../../../shared/confirm-dialog.tsx';
import { type AddressT, useAddressT } from '../address-texts.ts';
import { deleteAddress, type ListedAddress } from '../api/addresses-api.ts';
import { safeReturnPath } from '../model/wizard-rules.ts';
import '../../../shared/form.css';
import '../addresses.css';

function feeText(t: AddressT, address: ListedAddress): string {
  const fee = address.original_delivery_fee;
  const discounted = address.delivery_fee;
  const base = fee === 0 ? t('freeDelivery') : t('deliveryFee', { fee: formatBRL(fee) });
  if (address.discount_minimum_order > 0 && discounted < fee) {
    const from = discounted === 0 ? t('freeDelivery') : formatBRL(discounted);
    return `${base} · ${t('feeFrom', { fee: from, minimum: formatBRL(address.discount_minimum_order) })}`;
  }
  return base;
}

interface Pending {
  address: ListedAddress;
  state: ConfirmState;
}

/** /addresses: the address manager (list, search, add, delete with confirmation). */
export default function AddressesScreen() {
  const t = useAddressT();
  const headingId = useId();
  const search = useSearch();
  const returnTo = safeReturnPath(new URLSearchParams(search).get('return'));
  const { data: customer, error, isLoading, mutate, user } = useCustomer();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const addresses = ((customer?.enderecos ?? []) as ListedAddress[]).filter((address) => !address.excluido);
  const shown = query.trim()
    ? addresses.filter((address) => matchesSearch(`${address.name} ${address.full_address}`, query))
    : addresses;

  const runDelete = async (address: ListedAddress) => {
    if (!user) return;
    setPending({ address, state: 'sending' });
    try {
      await deleteAddress(user, address.id);
      setPending(null);
      setStatus(t('deletionSuccess'));
    } catch {
      setPending({ address, state: 'error' });
    }
  };

  const newHref = `/addresses/new${returnTo ? `?return=${encodeURIComponent(returnTo)}` : ''}`;

  let body: React.ReactNode;
  if (customer) {
    body =
      shown.length === 0 ? (
        <p className="account-text">{addresses.length === 0 ? t('noAddresses') : t('noMatches')}</p>
      ) : (
        <ul className="address-list">
          {shown.map((address) => {
            const deliverable = isSelectableAddress(address);
            return (
              <li
                key={address.id}
                className={deliverable ? 'address-item' : 'address-item address-item-off'}
                aria-label={address.name}
              >
                <div className="address-item-text">
                  <strong>{address.name}</strong>
                  <span>{address.full_address}</span>
                  {deliverable ? (
                    <span className="address-fee">{feeText(t, address)}</span>
                  ) : (
                    <span className="address-off">{t('notDeliverable')}</span>
                  )}
                </div>
                <button
                  type="button"
                  className="link-button address-delete"
                  aria-label={t('deleteAddress', { name: address.name })}
                  onClick={() => {
                    setStatus(null);
                    setPending({ address, state: 'ask' });
                  }}
                >
                  {t('confirmDelete')}
                </button>
              </li>
            );
          })}
        </ul>
      );
  } else if (error && !isLoading) {
    body = (
      <div role="alert">
        <p className="account-text">{t('loadError')}</p>
        <button type="button" className="button button-primary" onClick={() => void mutate()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else {
    body = (
      <p className="account-text" aria-busy="true">
        {t('loading')}
      </p>
    );
  }

  return (
    <div className="account-screen">
      <section className="account-card" aria-labelledby={headingId}>
        <h1 id={headingId} className="account-heading">
          {t('myAddresses')}
        </h1>
        <div className="field">
          <input
            type="search"
            className="field-input"
            aria-label={t('searchSaved')}
            placeholder={t('searchSaved')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <p className="form-status" role="status">
          {status}
        </p>
        {body}
        <Link href={newHref} className="button button-primary">
          {t('addAddress')}
        </Link>
      </section>
      {pending ? (
        <ConfirmDialog
          title={t('deleteTitle')}
          question={t('deleteQuestion', { name: pending.address.name })}
          state={pending.state}
          errorText={t('deletionError')}
          labels={{
            cancel: t('cancel'),
            confirm: t('confirmDelete'),
            sending: t('deleting'),
            retry: t('tryAgain'),
          }}
          onConfirm={() => void runDelete(pending.address)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
