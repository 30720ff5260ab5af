import type {
  Category,
  Company,
  CouponValidateReply,
  LoyaltyProgram,
  OrderPlacedReply,
  PaymentMethod,
  Product,
  StaffCustomer,
  StaffCustomerLookupReply,
  StaffOrder,
  StaffOrderPixReply,
  StaffPixCharge,
  StaffPixChargeOffer,
  StaffTablesReply,
  ValidatedCoupon,
} from '@comanda/contract';
import {
  addToCart,
  type CartLine,
  type CartLineDraft,
  chooseDeliveryFee,
  DEFAULT_ORDER_LIMITS,
  type DeliveryType,
  formatBRL,
  groupIdenticalLines,
  itemRoom,
  lineQuantityCap,
  MAX_CART_LINES,
  ONLINE_PIX_ID,
  parseChangeFor,
  removeFromCart,
  STAFF_ORDER_CHANNELS,
  type StaffOrderChannel,
  storeClockText,
} from '@comanda/domain';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiGet } from '../../lib/api-client.ts';
import { useData } from '../../lib/data-cache.tsx';
import { START_PATHS } from '../../lib/start-data.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { ProductDialog } from '../../shared/product-dialog/product-dialog.tsx';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { staffErrorText } from '../lib/staff-errors.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { CounterAddress } from './counter-address.tsx';
import { CartLineText, MenuPicker, Totals } from './menu-picker.tsx';
import {
  chargePhase,
  countdownText,
  createAttemptKeys,
  emptyDraft,
  inPersonMethods,
  menuChannelOf,
  type PdvDraft,
  pdvPayload,
  pdvQuote,
  phoneText,
  pixChargeOffered,
} from './pdv-model.ts';
import { type PdvT, refusalText, usePdvT } from './pdv-texts.ts';
import '../../shared/product-dialog/product-dialog.css';
import './pdv.css';

/*
 * 'Novo pedido' (issue 33 part 1, docs/decisions/0058): the customer by phone, the channel and how
 * they get it, the menu with the customer's own product dialog, the cart with the checkout quote's
 * totals, coupon, loyalty, payment with change, a schedule, then the order, placed by the server as
 * the customer's own. A tablet shows the menu beside the order; a phone shows one under the other.
 */

const DELIVERY_TYPES: DeliveryType[] = ['Retirada', 'Entregar', 'Vem comer'];

const fetcher = <T,>(path: string) => apiGet<T>(path);

export default function PdvView({
  t: staffT,
  heard,
}: {
  t: StaffT;
  /** The orders the board heard of live: a counter PIX's order arrives there once it is paid. */
  heard?: ReadonlyMap<number, Pick<StaffOrder, 'numero'>>;
}) {
  const t = usePdvT();
  const zone = pageStoreTimeZone();
  const [customer, setCustomer] = useState<StaffCustomer | null>(null);
  const [draft, setDraft] = useState<PdvDraft>(() => emptyDraft());
  const [cart, setCart] = useState<CartLine[]>([]);
  const [picking, setPicking] = useState<Product | null>(null);
  const [query, setQuery] = useState('');
  const [changeText, setChangeText] = useState('');
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<{
    id: number;
    /** The store's number of the order, what the board shows (docs/decisions/0065). */
    number: number;
    total: number;
    pix: StaffOrderPixReply | null;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A PIX charge through the store's provider for the order just placed (docs/decisions/0063). */
  const [charge, setCharge] = useState<StaffPixCharge | null>(null);
  /** Each placed order starts the customer's block afresh (its typed phone and name). */
  const [entry, setEntry] = useState(0);
  const keys = useRef(createAttemptKeys()).current;

  const menuChannel = menuChannelOf(draft.channel);
  const company = useData<Company[]>(START_PATHS.company, fetcher);
  const categories = useData<Category[]>(START_PATHS.categories, fetcher);
  const products = useData<Product[]>(
    menuChannel === 'local' ? START_PATHS.productsLocal : START_PATHS.products,
    fetcher,
  );
  const methods = useData<PaymentMethod[]>(START_PATHS.paymentMethods, fetcher);
  const loyalty = useData<LoyaltyProgram[]>(START_PATHS.loyalty, fetcher);
  const pixOffer = useData<StaffPixChargeOffer>('/staff/pix-charges/offer', (path: string) =>
    staffFetch<StaffPixChargeOffer>(path),
  );
  const tables = useData<StaffTablesReply>(
    draft.channel === 'garcom' ? '/staff/tables' : null,
    (path: string) => staffFetch<StaffTablesReply>(path),
  );

  const store = company.data?.[0];
  const program = loyalty.data?.[0] ?? null;
  const failed = company.error ?? products.error ?? categories.error ?? methods.error;
  const update = (change: Partial<PdvDraft>) => {
    setPlaced(null);
    setError(null);
    setDraft((current) => ({ ...current, ...change }));
  };

  const context =
    store && customer ? { company: store, program, methods: methods.data ?? [], customer, cart } : null;
  const quoted = context ? pdvQuote(context, draft) : null;
  const quote = quoted?.quote ?? null;

  const chooseChannel = (channel: StaffOrderChannel) => {
    if (channel === draft.channel) return;
    // A table's prices and items are not the app's: the cart starts again between them.
    if ((channel === 'garcom') !== (draft.channel === 'garcom')) setCart([]);
    update({
      channel,
      deliveryType:
        channel === 'garcom' ? 'Vem comer' : draft.channel === 'garcom' ? 'Retirada' : draft.deliveryType,
      tableId: null,
      paymentId: null,
      changeFor: null,
    });
    setChangeText('');
  };

  const insert = (line: CartLineDraft, times: number) => {
    setCart((current) => addToCart(current, line, times));
    setPicking(null);
    setPlaced(null);
  };

  const offered = quote ? inPersonMethods(methods.data ?? [], quote.deliveryType) : [];
  const chosen = offered.find((method) => method.id === draft.paymentId) ?? null;
  const chargeOffered = store ? pixChargeOffered(store, pixOffer.data?.available ?? false) : false;
  const chargeChosen = chargeOffered && draft.paymentId === ONLINE_PIX_ID;

  /** The form starts afresh for the next order (the one placed is on its way). */
  const nextOrder = () => {
    setCart([]);
    setDraft(emptyDraft(draft.channel));
    setChangeText('');
    setCustomer(null);
    setEntry((count) => count + 1);
  };

  /** What the provider says of the charge now: paid, the form starts afresh; stopped, pay another way. */
  const chargeMoved = (next: StaffPixCharge) => {
    setCharge((current) => (current && current.intent_id === next.intent_id ? next : current));
    if (next.status === 'pending') return;
    keys.reset();
    if (next.status === 'paid') nextOrder();
    else setDraft((current) => ({ ...current, paymentId: null, changeFor: null }));
  };

  const place = async () => {
    if (!context || !quote || quote.refusals.length > 0) return;
    const payload = pdvPayload(context, draft);
    const key = keys.keyFor(JSON.stringify(payload));
    setPlacing(true);
    setError(null);
    if (chargeChosen) {
      try {
        const opened = await staffFetch<StaffPixCharge>('/staff/pix-charges', {
          method: 'POST',
          json: payload,
          headers: { 'Idempotency-Key': key },
        });
        setCharge(opened);
        if (opened.status !== 'pending') chargeMoved(opened);
      } catch (caught) {
        setError(staffErrorText(caught, staffT));
      } finally {
        setPlacing(false);
      }
      return;
    }
    try {
      const reply = await staffFetch<OrderPlacedReply>('/staff/orders', {
        method: 'POST',
        json: payload,
        headers: { 'Idempotency-Key': key },
      });
      keys.reset();
      const id = reply.order_info.order_id;
      // Paid to the store's own key: its QR code goes on the screen for the customer to scan.
      const pix =
        chosen?.tipo === 'pix' && chosen.chave_pix
          ? await staffFetch<StaffOrderPixReply>(`/staff/orders/${id}/pix`).catch(() => null)
          : null;
      setPlaced({ id, number: reply.order_info.numero ?? id, total: reply.order_info.total, pix });
      nextOrder();
    } catch (caught) {
      setError(staffErrorText(caught, staffT));
    } finally {
      setPlacing(false);
    }
  };

  /** The fee the address gets for this cart (a store may charge less from a subtotal up). */
  const feeOf = (address: StaffCustomer['addresses'][number]) =>
    chooseDeliveryFee({ ...address, subtotal: quote?.totals.subtotal ?? 0 });
  const firstRefusal = quote?.refusals[0];
  const changeInvalid = changeText.trim() !== '' && parseChangeFor(changeText) === null;
  const blocker = !customer
    ? t('needCustomer')
    : changeInvalid
      ? t('invalidChange')
      : draft.channel === 'garcom' && draft.tableId === null
        ? t('needTable')
        : firstRefusal
          ? refusalText(firstRefusal, t)
          : null;
  const limits = store
    ? { maxLineQuantity: store.qtd_maxima_item, maxOrderTotal: store.valor_maximo_pedido }
    : DEFAULT_ORDER_LIMITS;

  if (failed) {
    return (
      <p className="staff-error staff-pad" role="alert">
        {t('loadFailed', { detail: staffErrorText(failed, staffT) })}
      </p>
    );
  }
  if (!store || !products.data || !categories.data) {
    return <p className="staff-muted staff-pad">{t('loading')}</p>;
  }

  return (
    <main className="pdv">
      <section className="pdv-head" aria-label={t('customer')}>
        <CustomerBlock
          key={entry}
          t={t}
          staffT={staffT}
          customer={customer}
          onCustomer={(found) => {
            setCustomer(found);
            setPlaced(null);
            update({
              addressId: found?.addresses.find((a) => a.deliverable)?.id ?? null,
              coupon: null,
              fidelity: false,
            });
          }}
        />

        <fieldset className="pdv-block">
          <legend>{t('channel')}</legend>
          <div className="pdv-choices">
            {STAFF_ORDER_CHANNELS.map((channel) => (
              <button
                key={channel}
                type="button"
                className="pdv-choice"
                aria-pressed={draft.channel === channel}
                onClick={() => chooseChannel(channel)}
              >
                {t(`channel_${channel}`)}
              </button>
            ))}
          </div>
        </fieldset>

        {draft.channel === 'garcom' ? (
          <label className="staff-field pdv-block">
            <span>{t('table')}</span>
            <select
              value={draft.tableId ?? ''}
              onChange={(event) =>
                update({ tableId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">{t('chooseTable')}</option>
              {(tables.data?.tables ?? [])
                .filter((table) => table.ativo)
                .map((table) => (
                  <option key={table.id} value={table.id}>
                    {table.description}
                    {table.tab ? ` · ${t('tabOpen')}` : ''}
                  </option>
                ))}
            </select>
          </label>
        ) : (
          <fieldset className="pdv-block">
            <legend>{t('deliveryType')}</legend>
            <div className="pdv-choices">
              {DELIVERY_TYPES.filter((type) => quote?.deliveryTypes.includes(type) ?? true).map((type) => (
                <button
                  key={type}
                  type="button"
                  className="pdv-choice"
                  aria-pressed={draft.deliveryType === type}
                  onClick={() => update({ deliveryType: type, paymentId: null, changeFor: null })}
                >
                  {t(`delivery_${type}`)}
                </button>
              ))}
            </div>
          </fieldset>
        )}

        {customer && quote?.delivering ? (
          <fieldset className="pdv-block">
            <legend>{t('address')}</legend>
            {customer.addresses.length === 0 ? <p className="staff-muted">{t('noAddresses')}</p> : null}
            {customer.addresses.map((address) => (
              <label key={address.id} className="staff-radio pdv-address">
                <input
                  type="radio"
                  name="pdv-address"
                  checked={draft.addressId === address.id}
                  disabled={!address.deliverable}
                  onChange={() => update({ addressId: address.id })}
                />
                <span>
                  <strong>{address.name}</strong> {address.full_address}
                  <span className="staff-muted">
                    {' · '}
                    {!address.deliverable
                      ? t('notDeliverable')
                      : feeOf(address) === 0
                        ? t('freeFee')
                        : t('fee', { fee: formatBRL(feeOf(address)) })}
                  </span>
                </span>
              </label>
            ))}
            <CounterAddress
              t={t}
              staffT={staffT}
              customer={customer}
              byNeighbourhood={store.delivery_fee_type === 'neighbourhood'}
              onSaved={(saved, addressId) => {
                setCustomer(saved);
                if (addressId !== null) update({ addressId });
              }}
            />
          </fieldset>
        ) : null}
      </section>
      <section className="pdv-menu" aria-label={t('menu')}>
        <MenuPicker
          t={t}
          categories={categories.data}
          products={products.data}
          query={query}
          onQuery={setQuery}
          onPick={setPicking}
        />
      </section>
      <section className="pdv-tail" aria-label={t('newOrder')}>
        <section className="pdv-block" aria-label={t('cart')}>
          <h2 className="pdv-heading">{t('cart')}</h2>
          {cart.length === 0 ? <p className="staff-muted">{t('emptyCart')}</p> : null}
          <ul className="pdv-lines">
            {groupIdenticalLines(cart).map((group) => (
              <li key={group.equality_seq} className="pdv-line">
                <CartLineText group={group} />
                <span className="pdv-line-total">{formatBRL(group.total)}</span>
                <button
                  type="button"
                  className="button button-secondary pdv-remove"
                  aria-label={t('remove', { item: group.line.descricao_produto })}
                  onClick={() => setCart((current) => removeFromCart(current, group.sequences.at(-1)!))}
                >
                  −
                </button>
              </li>
            ))}
          </ul>
        </section>

        {customer && draft.channel !== 'garcom' ? (
          <CouponBlock
            t={t}
            staffT={staffT}
            customerId={customer.id}
            subtotal={quote?.totals.subtotal ?? 0}
            deliveryType={draft.deliveryType}
            coupon={draft.coupon}
            onCoupon={(coupon) => update({ coupon, fidelity: false })}
          />
        ) : null}
        {customer && program?.ativo && quote?.loyalty && draft.channel !== 'garcom' ? (
          <label className="pdv-check">
            <input
              type="checkbox"
              checked={draft.fidelity}
              disabled={!draft.fidelity && !quote.loyalty.usable}
              onChange={(event) => update({ fidelity: event.target.checked, coupon: null })}
            />
            <span>{t('loyalty', { points: customer.pontos_fidelidade })}</span>
          </label>
        ) : null}

        {quote?.paymentShown ? (
          <fieldset className="pdv-block">
            <legend>{t('payment')}</legend>
            <div className="pdv-choices pdv-pay">
              {offered.map((method) => (
                <button
                  key={method.id}
                  type="button"
                  className="pdv-choice"
                  aria-pressed={draft.paymentId === method.id}
                  onClick={() => {
                    update({ paymentId: method.id, changeFor: null });
                    setChangeText('');
                  }}
                >
                  {method.descricao}
                </button>
              ))}
              {chargeOffered ? (
                <button
                  type="button"
                  className="pdv-choice"
                  aria-pressed={draft.paymentId === ONLINE_PIX_ID}
                  onClick={() => {
                    update({ paymentId: ONLINE_PIX_ID, changeFor: null });
                    setChangeText('');
                  }}
                >
                  {t('pixCharge')}
                </button>
              ) : null}
            </div>
            {chosen?.permite_troco ? (
              <label className="staff-field">
                <span>{t('changeFor')}</span>
                <input
                  inputMode="decimal"
                  value={changeText}
                  placeholder={t('noChange')}
                  onChange={(event) => {
                    setChangeText(event.target.value);
                    update({
                      changeFor: event.target.value.trim() === '' ? null : parseChangeFor(event.target.value),
                    });
                  }}
                />
                {quote.change?.ok && quote.change.change > 0 ? (
                  <span className="pdv-change">
                    {t('changeBack', { change: formatBRL(quote.change.change) })}
                  </span>
                ) : null}
              </label>
            ) : null}
          </fieldset>
        ) : null}

        {quote?.schedulingAvailable && draft.channel !== 'garcom' ? (
          <label className="staff-field pdv-block">
            <span>{t('schedule')}</span>
            <select
              value={draft.scheduledPeriod ?? ''}
              onChange={(event) => update({ scheduledPeriod: event.target.value || null })}
            >
              <option value="">{t('chooseSchedule')}</option>
              {store.schedule_periods
                .filter((period) => period.free)
                .map((period) => (
                  <option key={period.period} value={period.period}>
                    {storeClockText(new Date(period.period), zone)}
                  </option>
                ))}
            </select>
          </label>
        ) : null}

        {draft.channel !== 'garcom' ? (
          <label className="staff-field pdv-block">
            <span>{t('notes')}</span>
            <input
              value={draft.notes}
              maxLength={50}
              onChange={(event) => update({ notes: event.target.value })}
            />
          </label>
        ) : null}

        {quote ? <Totals t={t} totals={quote.totals} /> : null}
        {blocker && cart.length > 0 ? (
          <p className="staff-hint" role="status">
            {blocker}
          </p>
        ) : null}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        {placed ? (
          <p className="staff-ok" role="status">
            {t('placed', { id: placed.number, total: formatBRL(placed.total) })}
          </p>
        ) : null}
        {placed?.pix ? (
          <figure className="pdv-pix">
            <img src={placed.pix.qr_code} alt={t('pixQr', { total: formatBRL(placed.pix.total) })} />
            <figcaption>
              {t('pixTo', { name: placed.pix.recebedor, total: formatBRL(placed.pix.total) })}
              <code>{placed.pix.copia_e_cola}</code>
            </figcaption>
          </figure>
        ) : null}
        <button
          type="button"
          className="button button-primary pdv-place"
          disabled={placing || blocker !== null || cart.length === 0}
          onClick={() => void place()}
        >
          {placing
            ? t('placing')
            : t(chargeChosen ? 'placeCharge' : 'place', { total: formatBRL(quote?.totals.total ?? 0) })}
        </button>
      </section>
      {charge ? (
        <ChargeDialog
          t={t}
          staffT={staffT}
          charge={charge}
          heard={heard}
          onMoved={chargeMoved}
          onClose={() => setCharge(null)}
        />
      ) : null}
      {picking ? (
        <ProductDialog
          key={picking.id}
          product={picking}
          channel={menuChannel}
          hideNotes={false}
          cartRoom={MAX_CART_LINES - cart.length}
          itemRoom={(line) => itemRoom(limits, cart, line)}
          itemCap={lineQuantityCap(limits)}
          onInsert={insert}
          onClose={() => setPicking(null)}
        />
      ) : null}
    </main>
  );
}

function CustomerBlock({
  t,
  staffT,
  customer,
  onCustomer,
}: {
  t: PdvT;
  staffT: StaffT;
  customer: StaffCustomer | null;
  onCustomer: (customer: StaffCustomer | null) => void;
}) {
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'none'>('idle');
  const [error, setError] = useState<string | null>(null);
  const find = async (event: FormEvent) => {
    event.preventDefault();
    setState('busy');
    setError(null);
    try {
      const reply = await staffFetch<StaffCustomerLookupReply>(
        `/staff/customers?phone=${encodeURIComponent(phone)}`,
      );
      onCustomer(reply.customer);
      setState(reply.customer ? 'idle' : 'none');
    } catch (caught) {
      setError(staffErrorText(caught, staffT));
      setState('idle');
    }
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setState('busy');
    setError(null);
    try {
      onCustomer(
        await staffFetch<StaffCustomer>('/staff/customers', { method: 'POST', json: { name, phone } }),
      );
      setState('idle');
    } catch (caught) {
      setError(staffErrorText(caught, staffT));
      setState('none');
    }
  };
  if (customer) {
    return (
      <div className="pdv-block pdv-customer">
        <p>
          <strong>{customer.nome}</strong> · {phoneText(customer.phone)}
        </p>
        <p className="staff-muted">
          {t('ordersCount', { count: customer.orders_count })} ·{' '}
          {t('points', { points: customer.pontos_fidelidade })}
          {customer.has_password ? '' : ` · ${t('noPassword')}`}
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            onCustomer(null);
            setPhone('');
            setName('');
            setState('idle');
          }}
        >
          {t('changeCustomer')}
        </button>
      </div>
    );
  }
  return (
    <div className="pdv-block">
      <form className="pdv-inline" onSubmit={find}>
        <label className="staff-field">
          <span>{t('phoneLabel')}</span>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('phonePlaceholder')}
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setState('idle');
            }}
            required
          />
        </label>
        <button type="submit" className="button button-primary" disabled={state === 'busy'}>
          {state === 'busy' ? t('finding') : t('find')}
        </button>
      </form>
      {state === 'none' ? (
        <form className="pdv-inline" onSubmit={create}>
          <label className="staff-field">
            <span>{t('notFound')}</span>
            <input
              value={name}
              aria-label={t('nameLabel')}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              required
            />
          </label>
          <button type="submit" className="button button-primary">
            {t('create')}
          </button>
        </form>
      ) : null}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CouponBlock({
  t,
  staffT,
  customerId,
  subtotal,
  deliveryType,
  coupon,
  onCoupon,
}: {
  t: PdvT;
  staffT: StaffT;
  customerId: number;
  subtotal: number;
  deliveryType: DeliveryType;
  coupon: ValidatedCoupon | null;
  onCoupon: (coupon: ValidatedCoupon | null) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (coupon) {
    return (
      <p className="pdv-block pdv-inline">
        <span className="staff-ok">{t('couponApplied', { code: coupon.codigo })}</span>
        <button type="button" className="button button-secondary" onClick={() => onCoupon(null)}>
          {t('removeCoupon')}
        </button>
      </p>
    );
  }
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const reply = await staffFetch<CouponValidateReply>('/staff/coupons/validate', {
        method: 'POST',
        json: { coupon: code, customer_id: customerId, subtotal, delivery_type: deliveryType },
      });
      onCoupon(reply.detail);
      setCode('');
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : staffErrorText(caught, staffT));
    }
  };
  return (
    <form className="pdv-block pdv-inline" onSubmit={apply}>
      <label className="staff-field">
        <span>{t('coupon')}</span>
        <input value={code} autoComplete="off" onChange={(event) => setCode(event.target.value)} required />
      </label>
      <button type="submit" className="button button-secondary">
        {t('apply')}
      </button>
      {error ? (
        <p className="staff-error pdv-wide" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** How often the counter asks about a waiting charge (the board's stream usually tells first). */
const CHARGE_POLL_MS = 4000;

/**
 * The PIX charge of an order just placed at the counter (docs/decisions/0063), shown to the
 * customer: its QR code, copy-and-paste code and time left; "Pagamento recebido" as soon as the
 * provider confirms it (the board's stream hears the order released; a poll as a fallback); a way
 * to give up and pay another way (the charge cancelled, the order dropped).
 */
function ChargeDialog({
  t,
  staffT,
  charge,
  heard,
  onMoved,
  onClose,
}: {
  t: PdvT;
  staffT: StaffT;
  charge: StaffPixCharge;
  heard: ReadonlyMap<number, Pick<StaffOrder, 'numero'>> | undefined;
  onMoved: (charge: StaffPixCharge) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [now, setNow] = useState(() => Date.now());
  // When this reply arrived: the countdown runs from its `expires_in`, not the tablet's idea of the time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reply of the charge starts it again
  const receivedAt = useMemo(() => Date.now(), [charge]);
  const [cancelling, setCancelling] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = charge.status === 'pending';
  const phase = chargePhase(charge, now, receivedAt);
  const moved = useRef(onMoved);
  moved.current = onMoved;
  const released = pending && (heard?.has(charge.order_id) ?? false);
  // The store's number, given when the payment releases the order (docs/decisions/0065).
  const number = heard?.get(charge.order_id)?.numero ?? null;

  useEffect(() => {
    if (!pending) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [pending]);

  // Asked again at once when the board hears the order (released once paid).
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const ask = () =>
      staffFetch<StaffPixCharge>(`/staff/pix-charges/${encodeURIComponent(charge.intent_id)}`).then(
        (next) => {
          if (!stopped && next.status !== 'pending') moved.current(next);
        },
        () => undefined,
      );
    if (released) void ask();
    const poll = setInterval(() => void ask(), CHARGE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(poll);
    };
  }, [pending, charge.intent_id, released]);

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      moved.current(
        await staffFetch<StaffPixCharge>(
          `/staff/pix-charges/${encodeURIComponent(charge.intent_id)}/cancel`,
          {
            method: 'POST',
          },
        ),
      );
    } catch (caught) {
      // Paid meanwhile: the order went to the board; show it as paid.
      if (caught instanceof StaffApiError && caught.code === 'PAYMENT_ALREADY_PAID') {
        moved.current({ ...charge, status: 'paid', copia_e_cola: null, qr_code: null });
      } else {
        setError(staffErrorText(caught, staffT));
      }
    } finally {
      setCancelling(false);
    }
  };

  const copy = async () => {
    if (!charge.copia_e_cola) return;
    try {
      await navigator.clipboard.writeText(charge.copia_e_cola);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const total = formatBRL(charge.amount);
  return (
    <Dialog
      labelledBy={titleId}
      onClose={pending ? () => undefined : onClose}
      className="staff-dialog pdv-charge"
    >
      <div className="pdv-charge-body" data-order-id={charge.order_id}>
        <h2 id={titleId}>{t('chargeTitle', { total })}</h2>
        {phase.kind === 'paid' ? (
          <div className="pdv-charge-paid" role="status">
            <p className="pdv-charge-paid-mark" aria-hidden="true">
              ✓
            </p>
            <p className="staff-strong">{t('chargePaid')}</p>
            <p className="staff-muted">
              {number === null ? t('chargePaidHintUnnumbered') : t('chargePaidHint', { id: number })}
            </p>
          </div>
        ) : phase.kind === 'stopped' ? (
          <p className="staff-error" role="alert">
            {t(`chargeStopped_${phase.status}`)}
          </p>
        ) : (
          <>
            {charge.qr_code ? (
              <figure className="pdv-pix">
                <img src={charge.qr_code} alt={t('chargeQr', { total })} />
                <figcaption>
                  {t('chargeScan')}
                  <code>{charge.copia_e_cola}</code>
                </figcaption>
              </figure>
            ) : null}
            <p className="pdv-charge-state" role="status">
              {phase.kind === 'waiting' ? (
                <>
                  <span className="staff-strong">
                    {t('chargeLeft', { time: countdownText(phase.secondsLeft) })}
                  </span>
                  <span className="staff-muted">{t('chargeWaiting')}</span>
                </>
              ) : (
                <span className="staff-muted">{t('chargeTimedOut')}</span>
              )}
            </p>
          </>
        )}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          {pending ? (
            <>
              <button
                type="button"
                className="button button-secondary"
                disabled={cancelling}
                onClick={() => void cancel()}
              >
                {cancelling ? t('chargeCancelling') : t('chargeCancel')}
              </button>
              {charge.copia_e_cola ? (
                <button type="button" className="button button-primary" onClick={() => void copy()}>
                  {copied ? t('chargeCopied') : t('chargeCopy')}
                </button>
              ) : null}
            </>
          ) : (
            <button type="button" className="button button-primary" onClick={onClose}>
              {phase.kind === 'paid' ? t('chargeNext') : staffT('back')}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
