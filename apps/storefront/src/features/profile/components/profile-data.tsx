import type { Customer } from '@comanda/contract';
import {
  formatDocument,
  isEmailOrEmpty,
  isFullName,
  isValidDocument,
  normalizeDocument,
} from '@comanda/domain';
import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { updateCustomer } from '../../../lib/customer.ts';
import { customerPhone, formatPhone } from '../../../lib/phone-display.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useProfileT } from '../profile-texts.ts';

type Field = 'nome' | 'email' | 'documento';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_ORDER: readonly Field[] = ['nome', 'email', 'documento'];

/** The avatar's letters: the first and last names' initials ('Maria da Silva' → 'MS'). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase('pt-BR');
}

/** The document as shown: CPF 000.000.000-00 or CNPJ 00.000.000/0000-00. */
const shownDocument = (value: string | null) => (value ? formatDocument(value) : '');

export interface ProfileDataProps {
  customer: Customer;
  user: SessionUser;
  onSaved: (customer: Customer) => void;
}

/** "My data": name, phone, e-mail and document, editable except the phone (it is the login). */
export function ProfileData({ customer, user, onSaved }: ProfileDataProps) {
  const t = useProfileT();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);

  const phone = formatPhone(customerPhone(customer.telefones, customer.username));
  const rows: [string, string][] = [
    [t('email'), customer.email || t('notInformed')],
    [t('document'), shownDocument(customer.documento) || t('notInformed')],
  ];

  return (
    <section className="account-card profile-data" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title" className="sr-only">
        {t('myData')}
      </h2>
      <div className="profile-identity">
        <span className="profile-avatar" aria-hidden="true">
          {initialsOf(customer.nome)}
        </span>
        <p className="profile-who">
          <strong>{customer.nome}</strong>
          <span>{phone}</span>
        </p>
      </div>
      {editing ? (
        <ProfileForm
          customer={customer}
          user={user}
          onCancel={() => {
            setEditing(false);
            setTimeout(() => editRef.current?.focus(), 0);
          }}
          onSaved={(updated) => {
            onSaved(updated);
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <>
          <dl className="data-list profile-details">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {saved ? (
            <p className="form-status" role="status">
              {t('dataSaved')}
            </p>
          ) : null}
          <button
            ref={editRef}
            type="button"
            className="button button-secondary profile-edit"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('editData')}
          </button>
        </>
      )}
    </section>
  );
}

function ProfileForm({
  customer,
  user,
  onCancel,
  onSaved,
}: {
  customer: Customer;
  user: SessionUser;
  onCancel: () => void;
  onSaved: (customer: Customer) => void;
}) {
  const t = useProfileT();
  const [values, setValues] = useState<Record<Field, string>>({
    nome: customer.nome,
    email: customer.email ?? '',
    documento: shownDocument(customer.documento),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    nome: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    documento: useRef<HTMLInputElement>(null),
  };

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!isFullName(values.nome)) found.nome = t('nameAndLastName');
    if (!isEmailOrEmpty(values.email)) found.email = t('invalidEmail');
    const documento = normalizeDocument(values.documento);
    if (documento !== '' && !isValidDocument(documento)) found.documento = t('invalidDocument');
    return found;
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    if (busy) return;
    setBusy(true);
    setErrors({});
    setAlert(null);
    try {
      const updated = await updateCustomer(user, {
        nome: values.nome.trim(),
        email: values.email.trim(),
        documento: normalizeDocument(values.documento),
      });
      onSaved(updated);
    } catch (error) {
      setBusy(false);
      const body = error instanceof ApiError ? (error.body as { field?: string; detail?: string }) : null;
      const field = FIELD_ORDER.find((name) => name === body?.field);
      if (field && body?.detail) showErrors({ [field]: body.detail });
      else if (error instanceof ApiError && error.status < 500 && body?.detail) setAlert(body.detail);
      else setAlert(t('connectionError'));
    }
  };

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <TextField
        ref={refs.nome}
        label={t('name')}
        autoComplete="name"
        maxLength={120}
        value={values.nome}
        error={errors.nome}
        onChange={(event) => set('nome')(event.target.value)}
      />
      <TextField
        ref={refs.email}
        label={t('email')}
        type="email"
        autoComplete="email"
        maxLength={254}
        value={values.email}
        error={errors.email}
        onChange={(event) => set('email')(event.target.value)}
      />
      <TextField
        ref={refs.documento}
        label={t('document')}
        inputMode="text"
        autoCapitalize="characters"
        maxLength={18}
        value={values.documento}
        error={errors.documento}
        onChange={(event) => set('documento')(formatDocument(event.target.value))}
      />
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
