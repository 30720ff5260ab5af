import type { PrivacyReply } from '@comanda/contract';
import { useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { readPrivacyByLink, updatePrivacy } from '../api/privacy-api.ts';
import { usePrivacyT } from '../privacy-texts.ts';
import { PrivacyForm } from './privacy-form.tsx';
import '../../../shared/form.css';

export interface PublicPrivacyScreenProps {
  params: Record<string, string | undefined>;
}

/**
 * /mobile/privacy/{encoded_id} (public): the preference of the customer the link names, read and
 * changed by the link's encoded id alone. An unsuccessful lookup goes to /home (spec section 2).
 */
export default function PublicPrivacyScreen({ params }: PublicPrivacyScreenProps) {
  const t = usePrivacyT();
  const encodedId = params.encodedId ?? '';
  const [state, setState] = useState<{ id: string; reply: PrivacyReply | null } | null>(null);

  useEffect(() => {
    let current = true;
    readPrivacyByLink(encodedId).then((reply) => {
      if (current) setState({ id: encodedId, reply });
    });
    return () => {
      current = false;
    };
  }, [encodedId]);

  if (state && state.id === encodedId && !state.reply) return <Redirect to="/home" replace />;
  const reply = state?.id === encodedId ? state.reply : null;

  return (
    <div className="account-screen">
      <div className="account-card">
        {reply ? (
          <PrivacyForm
            name={reply.nome}
            sendPromo={reply.send_promo === 'get_promo'}
            save={(sendPromo) => updatePrivacy({ encodedId }, sendPromo)}
          />
        ) : (
          <p className="account-text" aria-busy="true">
            {t('loading')}
          </p>
        )}
      </div>
    </div>
  );
}
