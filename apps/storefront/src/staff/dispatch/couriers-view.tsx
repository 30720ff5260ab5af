import { formatBRL, formatBrazilianPhone, maskBrazilianPhoneInput } from '@comanda/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { CopyValue } from '../../components/copy-value.tsx';
import type { Courier } from '../../lib/dispatch-types.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { StaffApiError } from '../lib/staff-api.ts';
import { isNetworkFailure } from '../lib/staff-errors.ts';
import {
  type CourierDraft,
  courierDraft,
  courierFromDraft,
  type DraftField,
  type DraftProblem,
  PAY_MODELS,
  VEHICLES,
} from './courier-form-model.ts';
import {
  createCourier,
  createCourierLink,
  loadCouriers,
  revokeCourierLink,
  updateCourier,
} from './dispatch-api.ts';
import { type DispatchT, useDispatchT } from './dispatch-texts.ts';
import { SettlementSection } from './settlement-section.tsx';
import './couriers.css';

/** How a courier is paid, in a line. */
function payText(courier: Courier, t: DispatchT): string {
  const pay = courier.pagamento;
  if (pay.modelo === 'por_entrega') return t('payPerDelivery', { amount: formatBRL(pay.valor_entrega) });
  if (pay.modelo === 'diaria_mais_entrega')
    return t('payDaily', { daily: formatBRL(pay.diaria), amount: formatBRL(pay.valor_entrega) });
  return pay.faixas
    .map((band) => t('payBand', { km: band.ate_km.toLocaleString('pt-BR'), amount: formatBRL(band.valor) }))
    .join(' · ');
}

function failureText(error: unknown, t: DispatchT): string {
  if (isNetworkFailure(error)) return t('offline');
  return t('actionFailed', { detail: error instanceof StaffApiError ? error.detail : String(error) });
}

/**
 * 'Entregadores' (issue 35, docs/decisions/0071): the store's couriers, their pay, their personal
 * link (shown once, with a QR code), and the day's settlement.
 */
export default function CouriersView({ storeName }: { storeName: string }) {
  const t = useDispatchT();
  const [couriers, setCouriers] = useState<Courier[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Courier | 'new' | null>(null);
  const [link, setLink] = useState<{ courier: Courier; url: string } | null>(null);
  const [revoking, setRevoking] = useState<Courier | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setCouriers((await loadCouriers()).entregadores);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const newLink = async (courier: Courier) => {
    setNotice(null);
    try {
      const reply = await createCourierLink(courier.id);
      setLink({ courier, url: reply.url });
      await reload();
    } catch (error) {
      setNotice(failureText(error, t));
    }
  };

  return (
    <main className="staff-controls dispatch">
      {notice ? (
        <p className="staff-banner staff-banner-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="staff-card" aria-labelledby="couriers-title">
        <h2 id="couriers-title">{t('couriersTitle')}</h2>
        {failed ? (
          <p className="staff-error" role="alert">
            {t('failed')}{' '}
            <button type="button" className="button button-secondary" onClick={() => void reload()}>
              {t('retry')}
            </button>
          </p>
        ) : couriers === null ? (
          <p className="staff-muted">{t('loading')}</p>
        ) : couriers.length === 0 ? (
          <p className="staff-muted">{t('couriersNone')}</p>
        ) : (
          <ul className="dispatch-couriers">
            {couriers.map((courier) => (
              <li key={courier.id} aria-label={courier.nome}>
                <div className="dispatch-order-head">
                  <strong>{courier.nome}</strong>
                  <span className={courier.ativo_hoje ? 'staff-pill staff-pill-ok' : 'staff-pill'}>
                    {t(courier.ativo_hoje ? 'activeToday' : 'inactiveToday')}
                  </span>
                </div>
                <p className="staff-muted">
                  {formatBrazilianPhone(courier.telefone)} · {t(`vehicle_${courier.veiculo}`)}
                </p>
                <p>{payText(courier, t)}</p>
                <p className="staff-muted">
                  {t('link')}: {t(courier.link_ativo ? 'linkActive' : 'linkNone')}
                  {courier.link_ativo ? ` · ${t('linkRenewHint')}` : ''}
                </p>
                <div className="dispatch-order-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setEditing(courier)}
                  >
                    {t('editCourier')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void newLink(courier)}
                  >
                    {t(courier.link_ativo ? 'linkRenew' : 'linkCreate')}
                  </button>
                  {courier.link_ativo ? (
                    <button
                      type="button"
                      className="button button-danger"
                      onClick={() => setRevoking(courier)}
                    >
                      {t('linkRevoke')}
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          {t('addCourier')}
        </button>
      </section>

      <SettlementSection t={t} storeName={storeName} />

      {editing ? (
        <CourierForm
          courier={editing === 'new' ? null : editing}
          t={t}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('saved'));
            void reload();
          }}
        />
      ) : null}
      {link ? (
        <LinkDialog
          name={link.courier.nome}
          url={link.url}
          storeName={storeName}
          phone={link.courier.telefone}
          t={t}
          onClose={() => setLink(null)}
        />
      ) : null}
      {revoking ? (
        <RevokeDialog
          courier={revoking}
          t={t}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            try {
              await revokeCourierLink(revoking.id);
              setNotice(t('linkRevoked'));
            } catch (error) {
              setNotice(failureText(error, t));
            }
            setRevoking(null);
            await reload();
          }}
        />
      ) : null}
    </main>
  );
}

function FieldProblem({ problems, field, t }: { problems: Problems; field: DraftField; t: DispatchT }) {
  const problem = problems.find((each) => each.field === field);
  return problem ? (
    <small className="staff-error" role="alert">
      {t(`problem_${problem.problem}`)}
    </small>
  ) : null;
}

type Problems = { field: DraftField; problem: DraftProblem }[];

function CourierForm({
  courier,
  t,
  onClose,
  onSaved,
}: {
  courier: Courier | null;
  t: DispatchT;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const [draft, setDraft] = useState<CourierDraft>(() => courierDraft(courier ?? undefined));
  const [problems, setProblems] = useState<Problems>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof CourierDraft>(key: K, value: CourierDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setBand = (index: number, key: 'upToKm' | 'amount', value: string) =>
    set(
      'bands',
      draft.bands.map((band, each) => (each === index ? { ...band, [key]: value } : band)),
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = courierFromDraft(draft);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems([]);
    setBusy(true);
    setError(null);
    try {
      if (courier) await updateCourier(courier.id, result.body);
      else await createCourier(result.body);
      onSaved();
    } catch (caught) {
      setError(failureText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="staff-dialog dispatch-form">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{courier ? courier.nome : t('addCourier')}</h2>
        <label className="staff-field">
          <span>{t('name')}</span>
          <input value={draft.name} maxLength={80} onChange={(event) => set('name', event.target.value)} />
          <FieldProblem problems={problems} field="name" t={t} />
        </label>
        <label className="staff-field">
          <span>{t('phone')}</span>
          <input
            type="tel"
            inputMode="tel"
            value={draft.phone}
            onChange={(event) => set('phone', maskBrazilianPhoneInput(event.target.value))}
          />
          <FieldProblem problems={problems} field="phone" t={t} />
        </label>
        <label className="staff-field">
          <span>{t('vehicle')}</span>
          <select
            value={draft.vehicle}
            onChange={(event) => set('vehicle', event.target.value as CourierDraft['vehicle'])}
          >
            {VEHICLES.map((vehicle) => (
              <option key={vehicle} value={vehicle}>
                {t(`vehicle_${vehicle}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-switch">
          <input
            type="checkbox"
            checked={draft.activeToday}
            onChange={(event) => set('activeToday', event.target.checked)}
          />
          {t('activeToday')}
        </label>
        <fieldset className="staff-field dispatch-pay">
          <legend>{t('payModel')}</legend>
          {PAY_MODELS.map((model) => (
            <label key={model} className="staff-switch">
              <input
                type="radio"
                name={`${titleId}-pay`}
                checked={draft.model === model}
                onChange={() => set('model', model)}
              />
              {t(`pay_${model}`)}
            </label>
          ))}
        </fieldset>
        {draft.model === 'diaria_mais_entrega' ? (
          <label className="staff-field">
            <span>{t('daily')}</span>
            <input
              inputMode="decimal"
              value={draft.daily}
              onChange={(event) => set('daily', event.target.value)}
            />
            <FieldProblem problems={problems} field="daily" t={t} />
          </label>
        ) : null}
        {draft.model !== 'faixa_km' ? (
          <label className="staff-field">
            <span>{t('perDelivery')}</span>
            <input
              inputMode="decimal"
              value={draft.perDelivery}
              onChange={(event) => set('perDelivery', event.target.value)}
            />
            <FieldProblem problems={problems} field="perDelivery" t={t} />
          </label>
        ) : (
          <div className="dispatch-bands">
            {draft.bands.map((band, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bands are rows of a table, by position
              <div key={index} className="dispatch-band">
                <label className="staff-field">
                  <span>{t('bandUpTo')}</span>
                  <input
                    inputMode="decimal"
                    value={band.upToKm}
                    onChange={(event) => setBand(index, 'upToKm', event.target.value)}
                  />
                </label>
                <label className="staff-field">
                  <span>{t('bandAmount')}</span>
                  <input
                    inputMode="decimal"
                    value={band.amount}
                    onChange={(event) => setBand(index, 'amount', event.target.value)}
                  />
                </label>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('bandRemove', { n: index + 1 })}
                  onClick={() =>
                    set(
                      'bands',
                      draft.bands.filter((_, each) => each !== index),
                    )
                  }
                >
                  ✕
                </button>
                <FieldProblem problems={problems} field={`band-${index}`} t={t} />
              </div>
            ))}
            <p className="staff-muted">{t('bandsHint')}</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => set('bands', [...draft.bands, { upToKm: '', amount: '' }])}
            >
              {t('bandAdd')}
            </button>
          </div>
        )}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The QR code of a link, drawn here (the qrcode package, loaded only when a link is shown). */
function useQr(url: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((drawn) => {
        if (!stopped) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`);
      }),
    );
    return () => {
      stopped = true;
    };
  }, [url]);
  return svg;
}

function LinkDialog({
  name,
  url,
  phone,
  storeName,
  t,
  onClose,
}: {
  name: string;
  url: string;
  phone: string;
  storeName: string;
  t: DispatchT;
  onClose: () => void;
}) {
  const titleId = useId();
  const qr = useQr(url);
  const digits = phone.replace(/\D/g, '');
  const whatsapp = `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}?text=${encodeURIComponent(
    t('linkMessage', { name: name.split(' ')[0] ?? name, store: storeName, url }),
  )}`;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="staff-dialog dispatch-link">
      <div className="dispatch-dialog-body">
        <h2 id={titleId}>{t('linkTitle', { name })}</h2>
        <p className="staff-muted">{t('linkOnce')}</p>
        {qr ? (
          <img className="dispatch-qr" src={qr} alt={t('linkQrAlt', { name })} width={220} height={220} />
        ) : null}
        <CopyValue
          value={url}
          texts={{
            label: t('linkLabel'),
            copy: t('copy'),
            copied: t('copied'),
            copiedNotice: t('copiedNotice'),
            failedNotice: t('copyFailed'),
          }}
        />
        <div className="staff-dialog-actions">
          <a className="button button-secondary" href={whatsapp} target="_blank" rel="noreferrer">
            {t('linkWhatsApp')}
          </a>
          <button type="button" className="button button-primary" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function RevokeDialog({
  courier,
  t,
  onClose,
  onConfirm,
}: {
  courier: Courier;
  t: DispatchT;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="staff-dialog">
      <div className="dispatch-dialog-body">
        <h2 id={titleId}>{t('revokeTitle', { name: courier.nome })}</h2>
        <p>{t('revokeMessage')}</p>
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
            }}
          >
            {t('linkRevoke')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
