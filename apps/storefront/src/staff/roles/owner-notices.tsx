import type { StaffNotice, StaffNoticesReply } from '@comanda/contract';
import { storeDateTimeText } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { staffFetch } from '../lib/staff-api.ts';
import { type RolesT, useRolesT } from './roles-texts.ts';

/** One notice in words: who changed what and when (store time, pt-BR), the key masked by the server. */
export function noticeText(notice: StaffNotice, timeZone: string, t: RolesT): string {
  const before = notice.before ? t('noticeBefore', { before: notice.before }) : '';
  return t(notice.kind === 'pix_key' ? 'noticePixKey' : 'noticeProvider', {
    name: notice.staff_nome,
    when: storeDateTimeText(new Date(notice.at), timeZone),
    after: notice.after ?? t('noticeNone'),
    before,
  });
}

/**
 * The owners' notices (issue 33) as banners in the staff shell: a PIX key or the payment provider
 * changed. Each owner dismisses them for themself; read again when the stream comes back (`reload`).
 */
export function OwnerNotices({ reload }: { reload: number }) {
  const t = useRolesT();
  const [reply, setReply] = useState<StaffNoticesReply | null>(null);
  const load = useCallback(() => {
    staffFetch<StaffNoticesReply>('/staff/notices').then(setReply, () => undefined);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each catch-up of the board
  useEffect(load, [load, reload]);
  if (!reply || reply.notices.length === 0) return null;
  const dismiss = async (id: number) => {
    setReply((shown) => (shown ? { ...shown, notices: shown.notices.filter((n) => n.id !== id) } : shown));
    await staffFetch(`/staff/notices/${id}/dismiss`, { method: 'POST' }).catch(() => load());
  };
  return (
    <>
      {reply.notices.map((notice) => (
        <div key={notice.id} className="staff-banner staff-banner-owner" role="alert">
          <p>
            <strong>{t('noticeTitle')}:</strong> {noticeText(notice, reply.time_zone, t)}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void dismiss(notice.id)}>
            {t('noticeDismiss')}
          </button>
        </div>
      ))}
    </>
  );
}
