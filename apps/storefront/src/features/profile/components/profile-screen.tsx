import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TermsDialog } from '../../../components/terms-dialog.tsx';
import { useCustomer } from '../../../lib/customer.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { useProfileT } from '../profile-texts.ts';
import { ProfileData } from './profile-data.tsx';
import { SavedCards } from './saved-cards.tsx';
import '../../../shared/form.css';

/**
 * /profile (spec section 2): my data, then the saved addresses and cards, then the account's links
 * (privacy, terms) and logout.
 */
export default function ProfileScreen() {
  const t = useProfileT();
  const [, navigate] = useLocation();
  const { data: customer, error, isLoading, mutate, user } = useCustomer();
  const { data: company } = useCompany();
  const [termsOpen, setTermsOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

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

  return (
    <div className="account-screen">
      {data}

      {/*
       * SLOT: saved addresses. The addresses issue puts its list (add, choose, delete with
       * confirmation; spec sections 2 "Address registration" and 7 "Addresses and cards") here,
       * from customer.enderecos.
       */}
      <Link href="/addresses" className="button button-secondary">
        {t('menuAddresses')}
      </Link>

      {customer && user && company?.online_payment && company.payment_by_card ? (
        <SavedCards cards={customer.cards} refresh={() => mutate()} />
      ) : null}

      <section className="account-card" aria-labelledby="profile-account-title">
        <h2 id="profile-account-title" className="account-subheading">
          {t('account')}
        </h2>
        <Link href="/my_privacy" className="link-button">
          {t('privacy')}
        </Link>
        <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
          {t('termsOfUse')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-busy={leaving}
          onClick={() => {
            if (leaving) return;
            setLeaving(true);
            void signOut(() => navigate('/home'));
          }}
        >
          {t('logout')}
        </button>
      </section>
      {termsOpen ? <TermsDialog onClose={() => setTermsOpen(false)} /> : null}
    </div>
  );
}
