import { useCustomer } from '../../../lib/customer.ts';
import { updatePrivacy } from '../api/privacy-api.ts';
import { usePrivacyT } from '../privacy-texts.ts';
import { PrivacyForm } from './privacy-form.tsx';
import '../../../shared/form.css';

/** /my_privacy (signed in): the customer's own promotional-messages preference. */
export default function MyPrivacyScreen() {
  const t = usePrivacyT();
  const { data: customer, error, isLoading, mutate, user } = useCustomer();

  let content = null;
  if (customer && user) {
    content = (
      <PrivacyForm
        sendPromo={customer.send_promo === 'get_promo'}
        save={async (sendPromo) => {
          const outcome = await updatePrivacy({ customerId: user.userId }, sendPromo);
          if (outcome === 'saved') {
            void mutate({ ...customer, send_promo: sendPromo ? 'get_promo' : 'remove_promo' }, false);
          }
          return outcome;
        }}
      />
    );
  } else if (error && !isLoading) {
    content = (
      <div role="alert" className="account-form">
        <p className="account-text">{t('loadFailed')}</p>
        <button type="button" className="button button-primary" onClick={() => void mutate()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else {
    content = (
      <p className="account-text" aria-busy="true">
        {t('loading')}
      </p>
    );
  }

  return (
    <div className="account-screen">
      <div className="account-card">{content}</div>
    </div>
  );
}
