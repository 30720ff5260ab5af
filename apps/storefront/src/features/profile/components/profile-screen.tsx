import { type ComponentType, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TermsDialog } from '../../../components/terms-dialog.tsx';
import { useCustomer } from '../../../lib/customer.ts';
import { customerPhone } from '../../../lib/phone-display.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { useProfileT } from '../profile-texts.ts';
import { ProfileData } from './profile-data.tsx';
import { ChevronIcon, DocIcon, LogoutIcon, PinIcon, ReceiptIcon, ShieldIcon } from './profile-icons.tsx';
import { SavedCards } from './saved-cards.tsx';
import { WhatsappUpdates } from './whatsapp-updates.tsx';
import '../../../shared/form.css';
import '../profile.css';

/** A row of the account page: a link, or a button for what opens over it; `detail` describes it. */
function ProfileRow({
  icon: Icon,
  label,
  detail,
  href,
  onClick,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  detail?: string;
  href?: string;
  onClick?: () => void;
}) {
  const labelId = useId();
  const detailId = useId();
  const content = (
    <>
      <Icon className="profile-row-icon" />
      <span className="profile-row-label">
        <span id={labelId}>{label}</span>
        {detail ? <small id={detailId}>{detail}</small> : null}
      </span>
      <ChevronIcon className="profile-row-chevron" />
    </>
  );
  const names = { 'aria-labelledby': labelId, 'aria-describedby': detail ? detailId : undefined };
  return href ? (
    <Link href={href} className="profile-row" {...names}>
      {content}
    </Link>
  ) : (
    <button type="button" className="profile-row" onClick={onClick} {...names}>
      {content}
    </button>
  );
}

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
            <ProfileRow href="/mobile/orders" icon={ReceiptIcon} label={t('menuOrders')} />
          </li>
          <li>
            <ProfileRow
              href="/addresses"
              icon={PinIcon}
              label={t('menuAddresses')}
              detail={
                activeAddresses === undefined ? undefined : t('addressCount', { count: activeAddresses })
              }
            />
          </li>
          <li>
            <ProfileRow href="/my_privacy" icon={ShieldIcon} label={t('privacy')} />
          </li>
          <li>
            <ProfileRow onClick={() => setTermsOpen(true)} icon={DocIcon} label={t('termsOfUse')} />
          </li>
        </ul>
      </nav>

      {customer && company ? (
        <WhatsappUpdates
          storeActive={company.whatsapp_canal?.ativo === true}
          phone={customerPhone(customer.telefones, customer.username)}
        />
      ) : null}

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
