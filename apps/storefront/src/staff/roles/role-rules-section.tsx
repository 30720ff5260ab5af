import type { RoleRule, RoleRulesReply, StaffAccount } from '@comanda/contract';
import { STAFF_ROLES, type StaffRole } from '@comanda/domain';
import { useEffect, useState } from 'react';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { type RolesT, useRolesT } from './roles-texts.ts';

const ROLE_LABEL = { owner: 'roleOwner', manager: 'roleManager', attendant: 'roleAttendant' } as const;

/** Every movable capability's label (roles.test checks none is missing). */
export const RULE_LABEL: Record<string, Parameters<RolesT>[0]> = {
  'menu.sold_out': 'ruleMenuSoldOut',
  'reports.read': 'ruleReports',
  'ratings.read': 'ruleRatings',
  'orders.cancel': 'ruleCancel',
  'orders.cancel_paid': 'ruleCancelPaid',
  'orders.edit': 'ruleEdit',
  'register.operate': 'ruleRegister',
};

/** The roles a rule may take: from its range's lowest to its highest. */
const rolesIn = (rule: RoleRule): StaffRole[] =>
  STAFF_ROLES.slice(STAFF_ROLES.indexOf(rule.from), STAFF_ROLES.indexOf(rule.to) + 1);

/** The owner's rules of the store (issue 33): each movable capability within its range. */
export function RoleRulesSection({ staffT, onSaved }: { staffT: StaffT; onSaved?: () => void }) {
  const t = useRolesT();
  const [rules, setRules] = useState<RoleRule[] | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    staffFetch<RoleRulesReply>('/staff/roles').then(
      (reply) => setRules(reply.rules),
      () => undefined,
    );
  }, []);
  if (!rules) return null;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const overrides = Object.fromEntries(rules.map((rule) => [rule.capability, rule.role]));
      const reply = await staffFetch<RoleRulesReply>('/staff/roles', { method: 'PUT', json: { overrides } });
      setRules(reply.rules);
      setMessage({ text: t('rulesSaved'), error: false });
      onSaved?.();
    } catch (caught) {
      setMessage({ text: caught instanceof StaffApiError ? caught.detail : String(caught), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-card" aria-labelledby="staff-rules-title">
      <h2 id="staff-rules-title">{t('rulesTitle')}</h2>
      <p className="staff-muted">{t('rulesHint')}</p>
      <form className="staff-member-form" onSubmit={save}>
        {rules.map((rule) => (
          <label key={rule.capability} className="staff-field">
            <span>{RULE_LABEL[rule.capability] ? t(RULE_LABEL[rule.capability]!) : rule.capability}</span>
            <select
              value={rule.role}
              aria-describedby={undefined}
              onChange={(event) =>
                setRules((all) =>
                  (all ?? []).map((each) =>
                    each.capability === rule.capability
                      ? { ...each, role: event.target.value as StaffRole }
                      : each,
                  ),
                )
              }
            >
              {rolesIn(rule).map((role) => (
                <option key={role} value={role}>
                  {t('ruleFrom')} {staffT(ROLE_LABEL[role]).toLowerCase()}
                </option>
              ))}
            </select>
          </label>
        ))}
        {message ? (
          <p
            className={message.error ? 'staff-error' : 'staff-notice'}
            role={message.error ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('rulesSave')}
        </button>
      </form>
    </section>
  );
}

/** A manager's or owner's own approval code (issue 33), confirmed with their password. */
export function ApprovalCodeSection({ me }: { me: StaffAccount }) {
  const t = useRolesT();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [hasCode, setHasCode] = useState(me.has_approval_code === true);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await staffFetch('/staff/me/approval-code', { method: 'PUT', json: { code, password } });
      setCode('');
      setPassword('');
      setHasCode(true);
      setMessage({ text: t('codeSaved'), error: false });
    } catch (caught) {
      setMessage({ text: caught instanceof StaffApiError ? caught.detail : String(caught), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-card" aria-labelledby="staff-code-title">
      <h2 id="staff-code-title">{t('codeTitle')}</h2>
      <p className="staff-muted">{t('codeHint')}</p>
      {hasCode ? <p className="staff-muted">{t('codeSet')}</p> : null}
      <form className="staff-member-form" onSubmit={save}>
        <label className="staff-field">
          <span>{t('codeNew')}</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{4,8}"
            minLength={4}
            maxLength={8}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="staff-field">
          <span>{t('codeYourPassword')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {message ? (
          <p
            className={message.error ? 'staff-error' : 'staff-notice'}
            role={message.error ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('codeSave')}
        </button>
      </form>
    </section>
  );
}
