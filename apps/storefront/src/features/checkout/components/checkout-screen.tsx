import type { Customer, LoyaltyProgram, PaymentMethod } from '@comanda/contract';
import {
  canApplyCoupon,
  type DeliveryType,
  defaultDeliveryType,
  formatBRL,
  formatDocument,
  ONLINE_CARD_ID,
  ONLINE_PIX_ID,
} from '@comanda/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { CART_KEY, saveCart, useCart } from '../../../lib/cart-store.ts';
import { COUPON_KEY, storedCoupon } from '../../../lib/coupon-param.ts';
import { useCustomer } from '../../../lib/customer.ts';
import { chooseAddress, defaultAddressId } from '../../../lib/default-address.ts';
import { customerPhone } from '../../../lib/phone-display.ts';
import { isLocalMode, SOURCE_KEY } from '../../../lib/source.ts';
import { START_DATA_OPTIONS, START_PATHS, useCompany, usePaymentMethods } from '../../../lib/start-data.ts';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage.ts';
import { placeOrder } from '../api/place-order.ts';
import { validateCoupon } from '../api/validate-coupon.ts';
import { type CheckoutT, refusalText, rewardText, useCheckoutT } from '../checkout-texts.ts';
import {
  createAttemptKeys,
  inPersonMethods,
  NOTES_MAX_LENGTH,
  type OrderDraft,
  orderPayload,
  pushPurchase,
} from '../model/order.ts';
import { quoteOf } from '../model/quote.ts';
import { AddressChooserDialog } from './address-chooser-dialog.tsx';
import { ChangeDialog } from './change-dialog.tsx';
import { CouponDialog } from './coupon-dialog.tsx';
import { DocumentField } from './document-field.tsx';
import { LoyaltyRewardDialog } from './loyalty-reward-dialog.tsx';
import { LoyaltyTermsDialog } from './loyalty-terms-dialog.tsx';
import { MinimumOrderDialog } from './minimum-order-dialog.tsx';
import { type OrderResult, OrderResultDialog } from './order-result-dialog.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import '../checkout.css';

const TABLE_KEY = 'table_id';

const MODE_LABEL = {
  Entregar: 'modeEntregar',
  Retirada: 'modeRetirada',
  'Vem comer': 'modeVemComer',
} as const satisfies Record<DeliveryType, string>;

const ACTION_LABEL = {
  closed: 'actionClosed',
  pick_address: 'actionPickAddress',
  set_schedule: 'actionSetSchedule',
  inform_document: 'actionInformDocument',
  confirm: 'actionConfirm',
  no_payment: 'actionNoPayment',
} as const;

type OpenDialog =
  | 'address'
  | 'schedule'
  | 'coupon'
  | 'loyalty'
  | 'terms'
  | 'minimum'
  | 'change'
  | 'result'
  | null;

/** /confirmation (spec section 2 "Checkout"). */
export default function CheckoutScreen() {
  const t = useCheckoutT();
  const { data: company } = useCompany();
  const { data: customer, mutate: mutateCustomer } = useCustomer();
  if (!company || !customer) {
    return (
      <p className="checkout-loading" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  return (
    <Checkout company={company} customer={customer} refreshCustomer={() => void mutateCustomer()} t={t} />
  );
}

type CompanyData = NonNullable<ReturnType<typeof useCompany>['data']>;

function Checkout({
  company,
  customer,
  refreshCustomer,
  t,
}: {
  company: CompanyData;
  customer: Customer;
  refreshCustomer: () => void;
  t: CheckoutT;
}) {
  const [, navigate] = useLocation();
  const cart = useCart();
  const { data: methods = [] } = usePaymentMethods();
  const { data: loyaltyPrograms } = useSWR<LoyaltyProgram[]>(START_PATHS.loyalty, START_DATA_OPTIONS);
  const program = loyaltyPrograms?.find((entry) => entry.ativo) ?? null;

  const tableOrder = isLocalMode();

  const [draft, setDraft] = useState<OrderDraft>(() => ({
    deliveryType: defaultDeliveryType(company, tableOrder) ?? 'Retirada',
    addressId: defaultAddressId(customer.enderecos),
    paymentId: null,
    changeFor: null,
    coupon: null,
    fidelity: false,
    notes: '',
    scheduledPeriod: null,
    document: customer.documento ? formatDocument(customer.documento) : '',
  }));
  const change = (patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [pendingMethod, setPendingMethod] = useState<PaymentMethod | null>(null);
  const [result, setResult] = useState<OrderResult | null>(null);
  const attempts = useRef(createAttemptKeys());
  const documentRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLFieldSetElement>(null);

  const { draft: sent, quote } = quoteOf(company, program, { draft, cart, customer, methods, tableOrder });
  const { totals, minimum, schedulingAvailable, paymentShown, delivering } = quote;
  const modes = quote.deliveryTypes;
  const loyaltyVerdict = quote.loyalty;
  const main = quote.mainAction;
  const freePeriods = company.schedule_periods.filter((period) => period.free).map((period) => period.period);
  const address = customer.enderecos.find((entry) => entry.id === draft.addressId && !entry.excluido) ?? null;
  const deliveryFee = totals.deliveryFee;
  const plain = { subtotal: totals.subtotal };

  const offered = useMemo(() => inPersonMethods(methods, quote.deliveryType), [methods, quote.deliveryType]);
  const chosenMethod = offered.find((method) => method.id === draft.paymentId) ?? null;
  const docRequired = quote.document.required;

  // A payment no longer offered (other delivery type) is dropped; a change below the total resets it.
  useEffect(() => {
    const dropped = draft.paymentId !== null && !offered.some((method) => method.id === draft.paymentId);
    const changeTooLow = draft.changeFor !== null && draft.changeFor < totals.total;
    if (dropped || changeTooLow) setDraft((current) => ({ ...current, paymentId: null, changeFor: null }));
  }, [offered, draft.paymentId, draft.changeFor, totals.total]);

  // Spec section 5 "Minimum order": the warning opens when the minimum is not met (not for tables).
  const minimumShown = useRef(false);
  useEffect(() => {
    if (!minimum.met && !minimumShown.current && cart.length > 0) {
      minimumShown.current = true;
      setDialog('minimum');
    }
  }, [minimum.met, cart.length]);

  const chooseMode = (mode: DeliveryType) => {
    const coupon =
      draft.coupon && draft.coupon.local === 'Entrega' && mode !== 'Entregar' ? null : draft.coupon;
    change({ deliveryType: mode, coupon });
  };

  const choosePayment = (method: PaymentMethod) => {
    if (method.permite_troco) {
      setPendingMethod(method);
      setDialog('change');
      return;
    }
    change({ paymentId: method.id, changeFor: null });
  };

  const applyCoupon = async (typed: string): Promise<string | null> => {
    const verdict = canApplyCoupon({ code: typed, loyaltyInUse: draft.fidelity });
    if (!verdict.ok)
      return verdict.reason === 'COUPON_REQUIRED' ? t('couponRequired') : t('couponWithLoyalty');
    const outcome = await validateCoupon({
      coupon: verdict.code,
      product_id_list: cart.map((line) => line.produto),
      customer_id: customer.id,
      address_id: delivering ? draft.addressId : null,
      subtotal: plain.subtotal,
      method: draft.paymentId,
      delivery_type: draft.deliveryType,
      ignore_payment_method: true,
    });
    if (outcome.status === 'refused') return outcome.message;
    if (outcome.status === 'unreachable') return t('connectionError');
    change({ coupon: outcome.coupon, fidelity: false });
    setDialog(null);
    return null;
  };

  const place = async () => {
    const payload = orderPayload({
      sent,
      quote,
      draft,
      customerId: customer.id,
      phone: customerPhone(customer.telefones, customer.username) || null,
      source: readStorage(SOURCE_KEY),
      tableId: readStorage(TABLE_KEY),
    });
    const key = attempts.current.keyFor(JSON.stringify(payload));
    setResult({ status: 'loading' });
    setDialog('result');
    const outcome = await placeOrder(payload, key);
    refreshCustomer();
    if (outcome.status !== 'placed') {
      setResult({
        status: 'error',
        message: outcome.status === 'refused' ? outcome.message : t('orderConnectionError'),
      });
      return;
    }
    const { reply } = outcome;
    attempts.current.reset();
    pushPurchase(reply, cart, totals, draft.coupon?.codigo ?? null);
    // The cart is forgotten now (a reload cannot order it again); the screen keeps it in memory
    // until the result dialog is left, since an empty cart sends /confirmation away.
    removeStorage(CART_KEY);
    removeStorage(COUPON_KEY);
    if (!tableOrder) writeStorage(SOURCE_KEY, 'mobile');
    change({ coupon: null, paymentId: null, changeFor: null, fidelity: false });
    setResult({
      status: 'success',
      orderId: reply.order_info.order_id,
      estimatedTime: reply.order_info.estimated_time,
    });
  };

  const onMainAction = () => {
    switch (main.action) {
      case 'closed':
        return;
      case 'pick_address':
        setDialog('address');
        return;
      case 'set_schedule':
        setDialog('schedule');
        return;
      case 'inform_document':
        documentRef.current?.focus();
        return;
      case 'no_payment':
        paymentRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
        return;
      case 'confirm':
        if (!minimum.met) {
          setDialog('minimum');
          return;
        }
        if (quote.refusals.length > 0) {
          setResult({ status: 'error', message: refusalText(quote.refusals[0]!, t) });
          setDialog('result');
          return;
        }
        void place();
    }
  };

  const leaveResult = (to: string | null) => {
    const succeeded = result?.status === 'success';
    setDialog(null);
    setResult(null);
    if (!succeeded) return;
    navigate(to ?? '/home');
    saveCart([]);
  };

  const periodShown = draft.scheduledPeriod;

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="sr-only">
        {t('checkoutTitle')}
      </h2>

      {modes.length > 1 ? (
        <div className="checkout-tabs" role="tablist" aria-label={t('deliveryMode')}>
          {modes.map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={draft.deliveryType === mode}
              className="checkout-tab"
              onClick={() => chooseMode(mode)}
            >
              {t(MODE_LABEL[mode])}
            </button>
          ))}
        </div>
      ) : null}

      {delivering ? (
        <section className="checkout-card" aria-labelledby="checkout-address-title">
          <h3 id="checkout-address-title" className="checkout-card-title">
            {t('deliveryAddress')}
          </h3>
          {address ? (
            <>
              <p className="checkout-strong">{address.name}</p>
              <p>{address.full_address}</p>
              <p>{t('deliveryFeeOf', { fee: formatBRL(deliveryFee) })}</p>
            </>
          ) : (
            <p>{t('noAddress')}</p>
          )}
          <button type="button" className="button button-secondary" onClick={() => setDialog('address')}>
            {address ? t('changeAddress') : t('chooseAddress')}
          </button>
        </section>
      ) : (
        <section className="checkout-card" aria-labelledby="checkout-pickup-title">
          <h3 id="checkout-pickup-title" className="checkout-card-title">
            {t(draft.deliveryType === 'Vem comer' ? 'eatInAt' : 'pickupAt')}
          </h3>
          <p>{company.nome}</p>
          <p>{company.endereco}</p>
        </section>
      )}

      {schedulingAvailable ? (
        <section className="checkout-card" aria-labelledby="checkout-schedule-title">
          <h3 id="checkout-schedule-title" className="checkout-card-title">
            {t('scheduleTitle')}
          </h3>
          <p>{periodShown ? t('scheduledFor', { period: periodShown }) : t('scheduleHint')}</p>
          <button type="button" className="button button-secondary" onClick={() => setDialog('schedule')}>
            {periodShown ? t('scheduleChange') : t('schedulePick')}
          </button>
        </section>
      ) : null}

      <section className="checkout-card" aria-labelledby="checkout-coupon-title">
        <h3 id="checkout-coupon-title" className="checkout-card-title">
          {t('couponTitle')}
        </h3>
        {draft.coupon ? (
          <>
            <p role="status">{t('couponApplied', { code: draft.coupon.codigo })}</p>
            <p>{draft.coupon.descricao}</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => change({ coupon: null })}
            >
              {t('couponRemove')}
            </button>
          </>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setDialog('coupon')}>
            {t('couponAdd')}
          </button>
        )}
      </section>

      {program && loyaltyVerdict ? (
        <section className="checkout-card" aria-labelledby="checkout-loyalty-title">
          <h3 id="checkout-loyalty-title" className="checkout-card-title">
            {t('loyaltyTitle')}
          </h3>
          <p>
            {t('loyaltyPoints', { points: customer.pontos_fidelidade, needed: program.pontos_recompensa })}
          </p>
          <p>{rewardText(program, t)}</p>
          {draft.fidelity ? <p role="status">{t('loyaltyInUse')}</p> : null}
          <div className="checkout-row">
            <button type="button" className="button button-secondary" onClick={() => setDialog('terms')}>
              {t('loyaltyTerms')}
            </button>
            {draft.fidelity ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => change({ fidelity: false })}
              >
                {t('loyaltyRemove')}
              </button>
            ) : (
              <button type="button" className="button button-secondary" onClick={() => setDialog('loyalty')}>
                {t('loyaltyUse')}
              </button>
            )}
          </div>
        </section>
      ) : null}

      {tableOrder ? null : (
        <section className="checkout-card" aria-labelledby="checkout-notes-title">
          <h3 id="checkout-notes-title" className="checkout-card-title">
            {t('notesTitle')}
          </h3>
          <label className="field">
            <span className="field-label">{t('notesLabel')}</span>
            <textarea
              className="field-input checkout-notes"
              maxLength={NOTES_MAX_LENGTH}
              rows={2}
              value={draft.notes}
              aria-describedby="checkout-notes-count"
              onChange={(event) => change({ notes: event.target.value.slice(0, NOTES_MAX_LENGTH) })}
            />
          </label>
          <p id="checkout-notes-count" className="field-hint">
            {t('notesCount', { count: draft.notes.length })}
          </p>
        </section>
      )}

      {paymentShown ? (
        <section className="checkout-card" aria-labelledby="checkout-payment-title">
          <h3 id="checkout-payment-title" className="checkout-card-title">
            {t('paymentTitle')}
          </h3>
          {company.online_payment ? (
            <fieldset className="checkout-payments">
              <legend>{t('paymentOnline')}</legend>
              {[
                { id: ONLINE_PIX_ID, label: t('onlinePix'), shown: company.payment_by_pix },
                { id: ONLINE_CARD_ID, label: t('onlineCard'), shown: company.payment_by_card },
              ]
                .filter((entry) => entry.shown)
                .map((entry) => (
                  <label key={entry.id} className="checkout-payment checkout-payment-disabled">
                    <input type="radio" name="checkout-online" disabled aria-describedby="checkout-soon" />
                    <span>{entry.label}</span>
                  </label>
                ))}
              <p id="checkout-soon" className="field-hint">
                {t('onlineSoon')}
              </p>
            </fieldset>
          ) : null}
          <fieldset className="checkout-payments" ref={paymentRef}>
            <legend>{t('paymentOnDelivery')}</legend>
            {offered.map((method) => (
              <label key={method.id} className="checkout-payment">
                <input
                  type="radio"
                  name="checkout-payment"
                  checked={draft.paymentId === method.id}
                  onChange={() => choosePayment(method)}
                  onClick={() => {
                    if (draft.paymentId === method.id && method.permite_troco) choosePayment(method);
                  }}
                />
                <span>{method.descricao}</span>
              </label>
            ))}
          </fieldset>
          {chosenMethod?.permite_troco ? (
            <div className="checkout-row">
              <p>{draft.changeFor ? t('changeFor', { value: formatBRL(draft.changeFor) }) : t('noChange')}</p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => choosePayment(chosenMethod)}
              >
                {t('editChange')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}

      <DocumentField
        ref={documentRef}
        value={draft.document}
        onChange={(document) => change({ document })}
        required={docRequired}
        requiredByStore={delivering && company.delivery_customer_doc_required}
        t={t}
      />

      <section className="checkout-card" aria-labelledby="checkout-totals-title">
        <h3 id="checkout-totals-title" className="checkout-card-title">
          {t('totalsTitle')}
        </h3>
        <dl className="checkout-totals">
          <dt>{t('totalProducts')}</dt>
          <dd>{formatBRL(totals.products)}</dd>
          {totals.extras > 0 ? (
            <>
              <dt>{t('totalExtras')}</dt>
              <dd>{formatBRL(totals.extras)}</dd>
            </>
          ) : null}
          {delivering ? (
            <>
              <dt>{t('totalDelivery')}</dt>
              <dd>{formatBRL(totals.deliveryFee)}</dd>
            </>
          ) : null}
          {totals.couponDiscount > 0 ? (
            <>
              <dt>{t('totalCoupon')}</dt>
              <dd>−{formatBRL(totals.couponDiscount)}</dd>
            </>
          ) : null}
          {totals.loyaltyDiscount > 0 ? (
            <>
              <dt>{t('totalLoyalty')}</dt>
              <dd>−{formatBRL(totals.loyaltyDiscount)}</dd>
            </>
          ) : null}
          <dt className="checkout-total">{t('totalTotal')}</dt>
          <dd className="checkout-total" data-testid="checkout-total">
            {formatBRL(totals.total)}
          </dd>
        </dl>
      </section>

      <div className="checkout-bar">
        <button
          type="button"
          className="button button-primary checkout-main"
          disabled={main.disabled}
          onClick={onMainAction}
        >
          {t(ACTION_LABEL[main.action])}
        </button>
      </div>

      {dialog === 'address' ? (
        <AddressChooserDialog
          addresses={customer.enderecos}
          selectedId={draft.addressId}
          onChoose={(id) => {
            chooseAddress(id);
            change({ addressId: id });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
          t={t}
        />
      ) : null}
      {dialog === 'schedule' ? (
        <ScheduleDialog
          periods={freePeriods}
          selected={draft.scheduledPeriod}
          onChoose={(period) => {
            change({ scheduledPeriod: period });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
          t={t}
        />
      ) : null}
      {dialog === 'coupon' ? (
        <CouponDialog
          initial={storedCoupon() ?? ''}
          apply={applyCoupon}
          onClose={() => setDialog(null)}
          t={t}
        />
      ) : null}
      {dialog === 'loyalty' && program && loyaltyVerdict ? (
        <LoyaltyRewardDialog
          program={program}
          verdict={loyaltyVerdict}
          onUse={() => {
            change({ fidelity: true, coupon: null });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
          t={t}
        />
      ) : null}
      {dialog === 'terms' && program ? (
        <LoyaltyTermsDialog program={program} onClose={() => setDialog(null)} t={t} />
      ) : null}
      {dialog === 'minimum' && !minimum.met ? (
        <MinimumOrderDialog
          minimum={company.valor_minimo}
          missing={minimum.missing}
          onClose={() => setDialog(null)}
          t={t}
        />
      ) : null}
      {dialog === 'change' && pendingMethod ? (
        <ChangeDialog
          total={totals.total}
          initial={draft.paymentId === pendingMethod.id ? draft.changeFor : null}
          onConfirm={(changeFor) => {
            change({ paymentId: pendingMethod.id, changeFor });
            setPendingMethod(null);
            setDialog(null);
          }}
          onClose={() => {
            setPendingMethod(null);
            setDialog(null);
          }}
          t={t}
        />
      ) : null}
      {dialog === 'result' && result ? (
        <OrderResultDialog
          result={result}
          onSeeStatus={(id) => leaveResult(`/mobile/orders/${id}`)}
          onClose={() => leaveResult(null)}
          t={t}
        />
      ) : null}
    </section>
  );
}
