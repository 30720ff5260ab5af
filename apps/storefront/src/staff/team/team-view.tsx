import type { StaffAccount, TeamMember, TeamReply } from '@comanda/contract';
import { STAFF_ROLES, type StaffRole } from '@comanda/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT, StaffTextKey } from '../lib/staff-texts.ts';
import { phoneText } from '../lib/staff-words.ts';

/*
 * The owner's team (docs/decisions/0026): who is on it and with which role, add a member, change a
 * role or password, remove one. The server enforces every rule (the last owner, no removing
 * oneself); this screen says what it answered.
 */

const ROLE_LABEL: Record<StaffRole, StaffTextKey> = {
  owner: 'roleOwner',
  manager: 'roleManager',
  attendant: 'roleAttendant',
};
/** Attendants first in the form: the member an owner adds most often. */
const ROLES_TO_OFFER = [...STAFF_ROLES];

/** Password refusals in the staff app's language; other refusals keep the server's words. */
const PASSWORD_REFUSALS = ['WEAK_PASSWORD', 'COMMON_PASSWORD'] as const;

const failureIn = (t: StaffT) => (caught: unknown) => {
  if (!(caught instanceof StaffApiError)) return String(caught);
  const own = PASSWORD_REFUSALS.find((code) => code === caught.code);
  return own ? t(own) : caught.detail;
};

/** `rules`: the store's own roles (issue 33), composed in by the shell. */
export function TeamView({ t, me, rules }: { t: StaffT; me: StaffAccount; rules?: ReactNode }) {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const failure = failureIn(t);
  // A refusal shows above the team: on a phone the form that caused it is a screen below, so the
  // refusal comes into view (a weak new password, a phone already in the team).
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [error]);

  const load = () =>
    staffFetch<TeamReply>('/staff/team').then(
      (reply) => setMembers(reply.members),
      (caught) => setError(failure(caught)),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the tab opens
  useEffect(() => {
    void load();
  }, []);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      await load();
      return true;
    } catch (caught) {
      setError(failure(caught));
      return false;
    }
  };

  return (
    <main className="staff-controls">
      {error ? (
        <p className="staff-error" role="alert" ref={alertRef}>
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="staff-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="staff-card" aria-labelledby="staff-team-title">
        <h2 id="staff-team-title">{t('teamTitle')}</h2>
        <p className="staff-muted">{t('roleHint')}</p>
        {members === null ? (
          <p className="staff-muted">{t('loading')}</p>
        ) : (
          <ul className="staff-team">
            {members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isMe={member.id === me.user_id}
                t={t}
                onRole={(role) =>
                  act(
                    () => staffFetch(`/staff/team/${member.id}`, { method: 'PATCH', json: { role } }),
                    t('roleChanged', { name: member.nome, role: t(ROLE_LABEL[role]).toLowerCase() }),
                  )
                }
                onPassword={(password) =>
                  act(
                    () => staffFetch(`/staff/team/${member.id}`, { method: 'PATCH', json: { password } }),
                    t('passwordChanged', { name: member.nome }),
                  )
                }
                onRemove={() =>
                  act(
                    () => staffFetch(`/staff/team/${member.id}`, { method: 'DELETE' }),
                    t('memberRemoved', { name: member.nome }),
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
      {rules}
      <AddMember
        t={t}
        onAdd={(body) =>
          act(
            () => staffFetch('/staff/team', { method: 'POST', json: body }),
            t('memberAdded', { name: body.nome }),
          )
        }
      />
    </main>
  );
}

function MemberRow({
  member,
  isMe,
  t,
  onRole,
  onPassword,
  onRemove,
}: {
  member: TeamMember;
  isMe: boolean;
  t: StaffT;
  onRole: (role: StaffRole) => Promise<boolean>;
  onPassword: (password: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const [mode, setMode] = useState<'idle' | 'password' | 'remove'>('idle');
  const [password, setPassword] = useState('');
  const roleId = `staff-role-${member.id}`;
  return (
    <li className="staff-member" aria-label={member.nome}>
      <div className="staff-member-head">
        <strong>
          {member.nome}
          {isMe ? <span className="staff-muted"> ({t('you')})</span> : null}
        </strong>
        <span className="staff-muted">{phoneText(member.telefone)}</span>
      </div>
      <div className="staff-member-role">
        <label htmlFor={roleId}>{t('memberRole')}</label>
        <select
          id={roleId}
          value={member.role}
          onChange={(event) => void onRole(event.target.value as StaffRole)}
        >
          {ROLES_TO_OFFER.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABEL[role])}
            </option>
          ))}
        </select>
      </div>
      {mode === 'password' ? (
        <form
          className="staff-member-form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await onPassword(password)) {
              setPassword('');
              setMode('idle');
            }
          }}
        >
          <label className="staff-field">
            <span>{t('newPassword')}</span>
            <input
              type="password"
              autoComplete="new-password"
              value={password}
              minLength={8}
              maxLength={128}
              required
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <div className="staff-segmented">
            <button type="submit" className="button button-primary">
              {t('setPassword')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
              {t('back')}
            </button>
          </div>
        </form>
      ) : mode === 'remove' ? (
        <div className="staff-member-form">
          <p>{t('confirmRemove', { name: member.nome })}</p>
          <div className="staff-segmented">
            <button type="button" className="button button-danger" onClick={() => void onRemove()}>
              {t('removeMember')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="staff-segmented">
          <button type="button" className="button button-secondary" onClick={() => setMode('password')}>
            {t('setPassword')}
          </button>
          {isMe ? null : (
            <button type="button" className="button button-secondary" onClick={() => setMode('remove')}>
              {t('removeMember')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function AddMember({
  t,
  onAdd,
}: {
  t: StaffT;
  onAdd: (body: { phone: string; nome: string; role: StaffRole; password: string }) => Promise<boolean>;
}) {
  const [nome, setNome] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('attendant');
  const [busy, setBusy] = useState(false);
  return (
    <section className="staff-card" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">{t('addMemberTitle')}</h2>
      <form
        className="staff-member-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const added = await onAdd({ phone: phone.replace(/\D/g, ''), nome: nome.trim(), role, password });
          setBusy(false);
          if (added) {
            setNome('');
            setPhone('');
            setPassword('');
            setRole('attendant');
          }
        }}
      >
        <label className="staff-field">
          <span>{t('memberName')}</span>
          <input value={nome} maxLength={80} required onChange={(event) => setNome(event.target.value)} />
        </label>
        <label className="staff-field">
          <span>{t('phone')}</span>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            maxLength={20}
            required
            onChange={(event) => setPhone(event.target.value)}
          />
        </label>
        <label className="staff-field">
          <span>{t('memberRole')}</span>
          <select value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {ROLES_TO_OFFER.map((option) => (
              <option key={option} value={option}>
                {t(ROLE_LABEL[option])}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-field">
          <span>{t('memberPassword')}</span>
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            minLength={8}
            maxLength={128}
            required
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('addMember')}
        </button>
      </form>
    </section>
  );
}
