import type { CustomerAddress, LoyaltyProgram } from '@comanda/contract';
import { formatBRL, type LoyaltyVerdict } from '@comanda/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isSelectableAddress } from '../../../lib/default-address.ts';
import type { CheckoutT } from '../checkout-texts.ts';

interface Common {
  onClose: () => void;
  t: CheckoutT;
}

/** The address chooser: every address listed, only deliverable ones selectable. */
export function AddressChooserDialog({
  addresses,
  selectedId,
  onChoose,
  onClose,
  t,
}: Common & {
  addresses: readonly CustomerAddress[];
  selectedId: number | null;
  onChoose: (id: number) => void;
}) {
  const titleId = useId();
  const listed = addresses.filter((address) => !address.excluido);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('addressChooserTitle')}
      </h2>
      {listed.length === 0 ? <p>{t('noAddresses')}</p> : null}
      <ul className="checkout-choices" aria-labelledby={titleId}>
        {listed.map((address) => {
          const usable = isSelectableAddress(address);
          const noteId = `address-note-${address.id}`;
          return (
            <li key={address.id}>
              <button
                type="button"
                className="checkout-choice"
                aria-pressed={address.id === selectedId}
                disabled={!usable}
                aria-describedby={usable ? undefined : noteId}
                onClick={() => onChoose(address.id)}
              >
                <span className="checkout-choice-name">{address.name}</span>
                <span className="checkout-choice-detail">{address.full_address}</span>
              </button>
              {usable ? null : (
                <p id={noteId} className="checkout-note-warning">
                  {t('addressNotDeliverable')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="checkout-dialog-actions">
        <Link href="/addresses" className="button button-secondary">
          {t('manageAddresses')}
        </Link>
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}

/** The schedule dialog: the store's free periods. */
export function ScheduleDialog({
  periods,
  selected,
  onChoose,
  onClose,
  t,
}: Common & { periods: readonly string[]; selected: string | null; onChoose: (period: string) => void }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('scheduleDialogTitle')}
      </h2>
      <ul className="checkout-choices" aria-labelledby={titleId}>
        {periods.map((period) => (
          <li key={period}>
            <button
              type="button"
              className="checkout-choice"
              aria-pressed={period === selected}
              onClick={() => onChoose(period)}
            >
              {period}
            </button>
          </li>
        ))}
      </ul>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** Coupon apply dialog; `apply` returns an error text or null when applied. */
export function CouponDialog({
  initial,
  apply,
  onClose,
  t,
}: Common & { initial: string; apply: (code: string) => Promise<string | null> }) {
  const titleId = useId();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const problem = await apply(code);
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="checkout-dialog-title">
          {t('couponDialogTitle')}
        </h2>
        <TextField
          label={t('couponCode')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={60}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {t('couponApply')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function rewardText(program: LoyaltyProgram, t: CheckoutT): string {
  return program.recompensa_perc
    ? t('loyaltyRewardPercent', { percent: program.perc_recompensa })
    : t('loyaltyRewardValue', { value: formatBRL(program.vlr_recompensa) });
}

const REASON_TEXT = {
  PROGRAM_INACTIVE: 'loyaltyInactive',
  NOT_ENOUGH_POINTS: 'loyaltyNotEnough',
  COUPON_IN_USE: 'loyaltyCouponInUse',
  TOTAL_BELOW_REWARD: 'loyaltyTotalBelow',
} as const;

/** The loyalty reward dialog, per loyaltyEligibility. */
export function LoyaltyRewardDialog({
  program,
  verdict,
  onUse,
  onClose,
  t,
}: Common & { program: LoyaltyProgram; verdict: LoyaltyVerdict; onUse: () => void }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('loyaltyDialogTitle')}
      </h2>
      <p>{rewardText(program, t)}</p>
      {verdict.usable ? null : <p role="alert">{t(REASON_TEXT[verdict.reason])}</p>}
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        {verdict.usable ? (
          <button type="button" className="button button-primary" onClick={onUse}>
            {t('loyaltyConfirm')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** The loyalty terms, full screen. */
export function LoyaltyTermsDialog({ program, onClose, t }: Common & { program: LoyaltyProgram }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog checkout-dialog-full">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('loyaltyTermsTitle')}
      </h2>
      <p className="checkout-terms">{program.descricao}</p>
      <p>{rewardText(program, t)}</p>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}

/** The minimum-order warning, with 'Comprar mais' back to the menu. */
export function MinimumOrderDialog({
  minimum,
  missing,
  onClose,
  t,
}: Common & { minimum: number; missing: number }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('minimumTitle')}
      </h2>
      <p>{t('minimumText', { minimum: formatBRL(minimum), missing: formatBRL(missing) })}</p>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('close')}
        </button>
        <Link href="/home" className="button button-primary">
          {t('buyMore')}
        </Link>
      </div>
    </Dialog>
  );
}

export type OrderResult =
  | { status: 'loading' }
  | { status: 'success'; orderId: number; estimatedTime: string }
  | { status: 'error'; message: string };

/** Spec section 2 "Order result dialog". */
export function OrderResultDialog({
  result,
  onSeeStatus,
  onClose,
  t,
}: Common & { result: OrderResult; onSeeStatus: (orderId: number) => void }) {
  const titleId = useId();
  const close = () => {
    if (result.status !== 'loading') onClose();
  };
  return (
    <Dialog labelledBy={titleId} onClose={close} className="checkout-dialog checkout-result">
      {result.status === 'loading' ? (
        <div role="status" aria-live="polite" className="checkout-result-body">
          <span className="checkout-spinner" aria-hidden="true" />
          <h2 id={titleId} className="checkout-dialog-title">
            {t('sending')}
          </h2>
        </div>
      ) : result.status === 'success' ? (
        <div className="checkout-result-body">
          <span className="checkout-result-icon checkout-result-ok" aria-hidden="true">
            ✓
          </span>
          <h2 id={titleId} className="checkout-dialog-title">
            {t('orderSuccessTitle')}
          </h2>
          <p>{t('orderSuccessText', { id: result.orderId })}</p>
          <p>{t('orderEstimate', { time: result.estimatedTime })}</p>
          <div className="checkout-dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('close')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => onSeeStatus(result.orderId)}
            >
              {t('seeStatus')}
            </button>
          </div>
        </div>
      ) : (
        <div className="checkout-result-body">
          <span className="checkout-result-icon checkout-result-error" aria-hidden="true">
            !
          </span>
          <h2 id={titleId} className="checkout-dialog-title">
            {t('orderErrorTitle')}
          </h2>
          <p role="alert">{result.message}</p>
          <div className="checkout-dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
