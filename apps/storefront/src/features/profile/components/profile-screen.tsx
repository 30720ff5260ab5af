import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TermsDialog } from '../../../components/terms-dialog.tsx';
import { useCustomer } from '../../../lib/customer.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { useProfileT } from '../profile-texts.ts';
import { ProfileData } from './profile-data.tsx';
import { ChevronIcon, DocIcon, LogoutIcon, PinIcon, ReceiptIcon, ShieldIcon } from './profile-icons.tsx';
import { SavedCards } from './saved-cards.tsx';
import '../../../shared/form.css';
import '../profile.css';

/**
 * /profile (spec section 2), as an app's account page: who is signed in and their data, the rows to
 * their orders, addresses, privacy and terms, the saved cards, and logout.
 */
export default function ProfileScreen() {
  const t = useProfileT();
  const [, navigate] = useLocation();
  const { data: customer, error, isLoading, mutate, user } = useCustomer();
  const { data: company } = useCompany();
  const [termsOpen, setTermsOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const accountId = useId();
  const addressesId = useId();
  const addressesLabelId = useId();

  let data = null;
  if (customer && user) {
    data = <ProfileData customer={customer} user={user} onSaved={(updated) => void mutate(updated, false)} />;
  } else if (error && !isLoading) {
    data = (
      <section className="account-card" role="alert">
        <p className="account-text">{t('loadProfileError')}</p>
        <button type="button" className="button button-primary" onClick={() => void mutate()}>
          {t('tryAgain')}
        </button>
      </section>
    );
  } else {
    data = (
      <section className="account-card" aria-busy="true">
        <p className="account-text">{t('loading')}</p>
      </section>
    );
  }

  const activeAddresses = customer?.enderecos.filter((address) => !address.excluido).length;
  return (
    <div className="account-screen profile">
      {data}

      <nav className="profile-rows" aria-labelledby={accountId}>
        <h2 id={accountId} className="sr-only">
          {t('account')}
        </h2>
        <ul>
          <li>
            <Link href="/mobile/orders" className="profile-row">
              <ReceiptIcon className="profile-row-icon" />
              <span className="profile-row-label">{t('menuOrders')}</span>
              <ChevronIcon className="profile-row-chevron" />
            </Link>
          </li>
          <li>
            <Link
              href="/addresses"
              className="profile-row"
              aria-labelledby={addressesLabelId}
              aria-describedby={activeAddresses === undefined ? undefined : addressesId}
            >
              <PinIcon className="profile-row-icon" />
              <span className="profile-row-label">
                <span id={addressesLabelId}>{t('menuAddresses')}</span>
                {activeAddresses === undefined ? null : (
                  <small id={addressesId}>{t('addressCount', { count: activeAddresses })}</small>
                )}
              </span>
              <ChevronIcon className="profile-row-chevron" />
            </Link>
          </li>
          <li>
            <Link href="/my_privacy" className="profile-row">
              <ShieldIcon className="profile-row-icon" />
              <span className="profile-row-label">{t('privacy')}</span>
              <ChevronIcon className="profile-row-chevron" />
            </Link>
          </li>
          <li>
            <button type="button" className="profile-row" onClick={() => setTermsOpen(true)}>
              <DocIcon className="profile-row-icon" />
              <span className="profile-row-label">{t('termsOfUse')}</span>
              <ChevronIcon className="profile-row-chevron" />
            </button>
          </li>
        </ul>
      </nav>

      {customer && user && company?.online_payment && company.payment_by_card ? (
        <SavedCards cards={customer.cards} refresh={() => mutate()} />
      ) : null}

      <button
        type="button"
        className="profile-row profile-logout"
        aria-busy={leaving}
        onClick={() => {
          if (leaving) return;
          setLeaving(true);
          void signOut(() => navigate('/home'));
        }}
      >
        <LogoutIcon className="profile-row-icon" />
        <span className="profile-row-label">{t('logout')}</span>
      </button>
      {termsOpen ? <TermsDialog onClose={() => setTermsOpen(false)} /> : null}
    </div>
  );
}
