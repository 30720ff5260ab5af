import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import {
  clearPendingPix,
  isStalePendingPix,
  markPendingPixPaid,
  readPendingPix,
} from '../../../lib/pending-pix.ts';
import { checkConfirmation } from '../api/check-confirmation.ts';
import { usePaymentT } from '../payment-texts.ts';

/**
 * Spec section 4 "PIX", at start (app/app.tsx mounts this only when an intent was stored and the
 * app did not start on /pix_checkout, which resumes by itself): an intent older than 3 minutes is
 * discarded, with the spec's 'PIX not identified' message; otherwise the confirmation call decides:
 * paid goes to /confirmation (which confirms the order), still pending to /pix_checkout, ended
 * without a payment forgets it. A failed call changes nothing: the next start asks again.
 */
export default function PixResume() {
  const t = usePaymentT();
  const [, navigate] = useLocation();
  const [stale, setStale] = useState(false);

  useEffect(() => {
    const pending = readPendingPix();
    if (!pending) return;
    if (isStalePendingPix(pending)) {
      clearPendingPix();
      setStale(true);
      return;
    }
    let cancelled = false;
    void checkConfirmation(pending.intentId).then((reply) => {
      if (cancelled || !reply) return;
      if (reply.data.status === 'paid') {
        markPendingPixPaid();
        navigate('/confirmation');
      } else if (reply.data.polling) {
        navigate('/pix_checkout');
      } else {
        clearPendingPix();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return stale ? (
    <AlertDialog
      title={t('staleTitle')}
      message={t('staleText')}
      buttonLabel={t('gotIt')}
      onClose={() => setStale(false)}
    />
  ) : null;
}
