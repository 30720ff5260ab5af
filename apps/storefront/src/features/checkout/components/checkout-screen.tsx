import type { Customer, LoyaltyProgram, OrderRecord, PaymentMethod } from '@comanda/contract';
import {
  type CheckoutAction,
  canApplyCoupon,
  type DeliveryType,
  defaultDeliveryType,
  formatDocument,
  isOnlinePayment,
  ONLINE_CARD_ID,
  ONLINE_PIX_ID,
  type OrderTotals,
} from '@comanda/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { removeLine } from '../../../lib/cart-actions.ts';
import { isFlagged } from '../../../lib/cart-availability.ts';
import { justOrderedStore, useCart } from '../../../lib/cart-store.ts';
import { forgetCoupon, keptCouponStore, storedCoupon } from '../../../lib/coupon-param.ts';
import { saveCustomerWhatsapp, useCustomer, useCustomerWhatsapp } from '../../../lib/customer.ts';
import { useData } from '../../../lib/data-cache.tsx';
import { chooseAddress, defaultAddressId } from '../../../lib/default-address.ts';
import { useStore } from '../../../lib/external-store.ts';
import { orderChannel } from '../../../lib/full-product.ts';
import { useGuestTable } from '../../../lib/guest-table.ts';
import { clearPendingCard, savePendingCard, usePendingCard } from '../../../lib/pending-card.ts';
import { markPendingPixPaid, pendingPixOf, savePendingPix, usePendingPix } from '../../../lib/pending-pix.ts';
import { customerPhone, formatPhone } from '../../../lib/phone-display.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { scheduleDays, scheduleText } from '../../../lib/schedule-times.ts';
import {
  SOURCE_KEY,
  TAB_PATH,
  TABLE_CODE_KEY,
  TABLE_ID_KEY,
  TABLE_TOKEN_KEY,
  useLocalMode,
} from '../../../lib/source.ts';
import { START_DATA_OPTIONS, START_PATHS, useCompany, usePaymentMethods } from '../../../lib/start-data.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useCartAvailability } from '../../../lib/use-cart-availability.ts';
import { whatsappHref } from '../../../lib/whatsapp.ts';
import { validateCoupon } from '../api/validate-coupon.ts';
import { type CheckoutT, refusalText, useCheckoutT } from '../checkout-texts.ts';
import { useCheckoutQuote } from '../hooks/use-checkout-quote.ts';
import { usePlaceOrder } from '../hooks/use-place-order.ts';
import { type OrderDraft, orderPayload } from '../model/order.ts';
import { initialPaymentId } from '../model/quote.ts';
import { forgetCheckoutDraft, saveCheckoutDraft, savedCheckoutDraft } from '../model/saved-draft.ts';
import { whatsappOptIn, whatsappSubmission } from '../model/whatsapp-opt-in.ts';
import { AddressChooserDialog } from './address-chooser-dialog.tsx';
import { ChangeDialog } from './change-dialog.tsx';
import { CouponBlock } from './coupon-block.tsx';
import { CouponDialog } from './coupon-dialog.tsx';
import { DeliveryBlock } from './delivery-block.tsx';
import { DocumentBlock } from './document-block.tsx';
import { LoyaltyBlock } from './loyalty-block.tsx';
import { LoyaltyRewardDialog } from './loyalty-reward-dialog.tsx';
import { LoyaltyTermsDialog } from './loyalty-terms-dialog.tsx';
import { MainAction } from './main-action.tsx';
import { MinimumOrderDialog } from './minimum-order-dialog.tsx';
import { NotesBlock } from './notes-block.tsx';
import { NotesDialog } from './notes-dialog.tsx';
import { OrderResultDialog } from './order-result-dialog.tsx';
import { PaymentBlock } from './payment-block.tsx';
import { hasPixKey, PixKeyDialog } from './pix-key-dialog.tsx';
import { ScheduleBlock } from './schedule-block.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { TableCodeDialog } from './table-code-dialog.tsx';
import { TotalsBlock } from './totals-block.tsx';
import { UnavailableLinesBlock } from './unavailable-lines-block.tsx';
import { WhatsappBlock } from './whatsapp-block.tsx';
import '../checkout.css';

const NO_METHODS: readonly PaymentMethod[] = [];

type OpenDialog =
  | 'address'
  | 'schedule'
  | 'coupon'
  | 'loyalty'
  | 'terms'
  | 'minimum'
  | 'change'
  | 'pixKey'
  | 'notes'
  | 'result'
  | 'tableCode'
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

/** A placed order's totals as the summary shows them: what was charged. */
function placedTotals(order: OrderRecord): OrderTotals {
  return {
    products: order.total_produtos,
    extras: order.acrescimo,
    subtotal: order.total_produtos + order.acrescimo,
    deliveryFee: order.valor_entrega,
    couponDiscount: order.desconto_cupom,
    loyaltyDiscount: order.desconto_fidelidade,
    total: order.total,
  };
}

/** The store still takes this delivery type (a kept choice is not restored otherwise). */
function offersDeliveryType(company: CompanyData, type: DeliveryType): boolean {
  if (type === 'Entregar') return company.permite_entrega;
  if (type === 'Retirada') return company.permite_busca;
  return company.permite_comer_local;
}

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
  const { data: methodsData } = usePaymentMethods();
  const methods = methodsData ?? NO_METHODS;
  const { data: loyaltyPrograms } = useData<LoyaltyProgram[]>(START_PATHS.loyalty, START_DATA_OPTIONS);
  const program = loyaltyPrograms?.find((entry) => entry.ativo) ?? null;
  const tableOrder = useLocalMode();
  // At a table: its name for the delivery card, and whether its store asks for the waiter's code.
  const { data: table, mutate: refreshTable } = useGuestTable();
  const language = useLanguage();

  const [draft, setDraft] = useState<OrderDraft>(() => {
    const fresh: OrderDraft = {
      deliveryType: defaultDeliveryType(company, tableOrder) ?? 'Retirada',
      addressId: defaultAddressId(customer.enderecos),
      paymentId: initialPaymentId(company, tableOrder),
      cardId: null,
      changeFor: null,
      coupon: null,
      fidelity: false,
      notes: '',
      scheduledPeriod: null,
      document: customer.documento ? formatDocument(customer.documento) : '',
    };
    // Back from the address screens, the PIX code or the card route (a failed payment included):
    // the same choices (issue 34). A table's order keeps its own delivery type.
    const saved = savedCheckoutDraft(customer.id);
    if (!saved) return fresh;
    const deliveryType =
      !tableOrder && offersDeliveryType(company, saved.deliveryType)
        ? saved.deliveryType
        : fresh.deliveryType;
    return { ...fresh, ...saved, deliveryType };
  });
  const change = (patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // Every choice is kept until an order is placed (then the next order starts afresh). Kept as the
  // choice renders, not after the paint: a reload or a screen change right after a tap keeps it too.
  const placedRef = useRef(false);
  useLayoutEffect(() => {
    if (!placedRef.current) saveCheckoutDraft(customer.id, draft);
  }, [customer.id, draft]);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** What happened to a coupon the customer did not type here (a link's, or one dropped). */
  const [couponNotice, setCouponNotice] = useState<string | null>(null);
  const [pendingMethod, setPendingMethod] = useState<PaymentMethod | null>(null);
  const documentRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLElement>(null);
  const unavailableRef = useRef<HTMLElement>(null);
  // The lines checked against the menu as it is now (refetched when the store changes it).
  const checks = useCartAvailability(cart, orderChannel());
  const hasUnavailable = cart.some((line) => {
    const check = checks.get(line.equality_seq);
    return check !== undefined && isFlagged(check);
  });
  const pendingPix = usePendingPix();
  const pendingCard = usePendingCard();
  const takesPixOnline = company.online_payment && company.payment_by_pix;
  const takesCardOnline = company.online_payment && company.payment_by_card;
  const savedCards = takesCardOnline ? customer.cards.filter((card) => !card.excluido) : [];

  const { sent, quote, freePeriods, address, offeredMethods, chosenMethod } = useCheckoutQuote({
    company,
    program,
    draft,
    cart,
    customer,
    methods,
    tableOrder,
  });
  const { totals, minimum, delivering } = quote;
  // Issue 36: order updates on WhatsApp, where the store has the channel.
  const storeWhatsapp = company.whatsapp_canal?.ativo === true && !tableOrder;
  const { data: whatsappConsent, mutate: mutateWhatsapp } = useCustomerWhatsapp(storeWhatsapp);
  const [whatsappChoice, setWhatsappChoice] = useState<boolean | null>(null);
  const [whatsappBusy, setWhatsappBusy] = useState(false);
  const [whatsappNotice, setWhatsappNotice] = useState<string | null>(null);
  const optIn = whatsappOptIn({
    storeActive: storeWhatsapp,
    tableOrder,
    consent: whatsappConsent,
    choice: whatsappChoice,
  });
  const switchWhatsapp = async (on: boolean) => {
    setWhatsappNotice(null);
    if (on || !optIn.alreadyOn) {
      setWhatsappChoice(on);
      return;
    }
    // One who already agreed is stopping the updates: that is a revocation, done now.
    setWhatsappBusy(true);
    try {
      await mutateWhatsapp(await saveCustomerWhatsapp(false), false);
      setWhatsappChoice(false);
      setWhatsappNotice(t('whatsappStopped'));
    } catch {
      setWhatsappNotice(t('whatsappStopFailed'));
    } finally {
      setWhatsappBusy(false);
    }
  };
  const [tableCodeProblem, setTableCodeProblem] = useState<string | null>(null);
  const ordering = usePlaceOrder({
    onPlaced: () => {
      placedRef.current = true;
      forgetCheckoutDraft();
      change({ coupon: null, paymentId: null, changeFor: null, fidelity: false });
      forgetCoupon();
      // The round joins the table's tab.
      if (tableOrder) void refreshTable();
    },
    onTableCodeRefused: (message) => {
      setTableCodeProblem(message);
      setDialog('tableCode');
    },
    onPixCreated: (intent) => {
      savePendingPix(pendingPixOf(intent, { validitySeconds: company.expiration_time_pix }));
      navigate('/pix_checkout');
    },
    onCardCreated: (pending) => {
      savePendingCard(pending);
      // A page load of its own: the card route's content security policy lets the provider's kit in.
      window.location.assign('/card_checkout');
    },
    refreshCustomer,
    t,
  });

  // A payment no longer offered (other delivery type) is dropped; a change below the total resets it.
  useEffect(() => {
    // Not before the store's methods are known: a kept in-person choice is not dropped while loading.
    if (methodsData === undefined) return;
    const offered =
      (draft.paymentId === ONLINE_PIX_ID && takesPixOnline) ||
      (draft.paymentId === ONLINE_CARD_ID && takesCardOnline) ||
      offeredMethods.some((method) => method.id === draft.paymentId);
    const dropped = draft.paymentId !== null && !offered;
    const changeTooLow = draft.changeFor !== null && draft.changeFor < totals.total;
    if (dropped || changeTooLow) setDraft((current) => ({ ...current, paymentId: null, changeFor: null }));
  }, [
    methodsData,
    offeredMethods,
    takesPixOnline,
    takesCardOnline,
    draft.paymentId,
    draft.changeFor,
    totals.total,
  ]);

  // Spec section 4 "PIX": back on /confirmation with a paid PIX, the order is confirmed at once
  // (once per visit: a failed call is tried again on the next one, the intent is still kept).
  const confirmingPix = useRef(false);
  useEffect(() => {
    if (!pendingPix?.paid || confirmingPix.current) return;
    confirmingPix.current = true;
    setDialog('result');
    void ordering.confirmPaidPix(pendingPix.intentId, { cart, tableOrder }).then((outcome) => {
      if (outcome !== 'not_paid') return;
      // The server does not have it paid after all: back to the code, which polls again.
      markPendingPixPaid(false);
      setDialog(null);
      navigate('/pix_checkout');
    });
  }, [pendingPix, ordering, cart, tableOrder, navigate]);

  // Spec section 4 "Card payment": back from the card route with the payment confirmed, the order is
  // confirmed at once (as for PIX); a payment the server does not have paid after all is forgotten.
  const confirmingCard = useRef(false);
  useEffect(() => {
    if (!pendingCard?.paid || confirmingCard.current) return;
    confirmingCard.current = true;
    setDialog('result');
    void ordering
      .confirmPaidPix(pendingCard.intentId, { cart, tableOrder, method: 'card' })
      .then((outcome) => {
        if (outcome !== 'not_paid') return;
        clearPendingCard();
        setDialog(null);
      });
  }, [pendingCard, ordering, cart, tableOrder]);

  // Spec section 5 "Minimum order": the warning opens when the minimum is not met (not for tables).
  const minimumShown = useRef(false);
  useEffect(() => {
    if (!minimum.met && !minimumShown.current && cart.length > 0) {
      minimumShown.current = true;
      setDialog('minimum');
    }
  }, [minimum.met, cart.length]);

  const chooseMode = (mode: DeliveryType) => {
    const dropped = draft.coupon && draft.coupon.local === 'Entrega' && mode !== 'Entregar';
    // A delivery coupon goes with delivery, and says so (issue 34); any older notice is replaced.
    if (dropped) setCouponNotice(t('couponDeliveryOnly', { code: draft.coupon!.codigo }));
    change({ deliveryType: mode, coupon: dropped ? null : draft.coupon });
  };

  const choosePayment = (method: PaymentMethod) => {
    if (method.permite_troco) {
      setPendingMethod(method);
      setDialog('change');
      return;
    }
    change({ paymentId: method.id, changeFor: null });
    // Spec section 2 "instant-payment key copy": the store's own key opens at once, with its holder.
    if (hasPixKey(method)) setDialog('pixKey');
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
      subtotal: totals.subtotal,
      method: draft.paymentId,
      delivery_type: draft.deliveryType,
      ignore_payment_method: true,
    });
    if (outcome.status === 'refused') return outcome.message;
    if (outcome.status === 'unreachable') return t('connectionError');
    change({ coupon: outcome.coupon, fidelity: false });
    setCouponNotice(null);
    setDialog(null);
    return null;
  };

  // Spec section 2: a coupon link's code (kept for an hour) is applied on arrival, or its refusal
  // shown on the coupon row; once per visit, never over a coupon or the loyalty reward in use.
  const linkCouponTried = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit, with the first quote
  useEffect(() => {
    if (linkCouponTried.current || draft.coupon || draft.fidelity || cart.length === 0) return;
    const code = storedCoupon();
    if (!code) return;
    linkCouponTried.current = true;
    void applyCoupon(code).then((problem) => {
      setCouponNotice(problem ? t('couponFromLinkRefused', { code, reason: problem }) : null);
    });
  }, [cart.length]);

  // 'Usar no pedido' in the available coupons while this screen is open: applied at once, as a
  // link's code is (issue 34: it showed no discount until a reload).
  const kept = useStore(keptCouponStore);
  const keptSeen = useRef(kept);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per kept code
  useEffect(() => {
    if (kept === keptSeen.current || !kept) return;
    keptSeen.current = kept;
    linkCouponTried.current = true;
    if (draft.coupon?.codigo === kept.code) return;
    void applyCoupon(kept.code).then((problem) => {
      setCouponNotice(problem ? t('couponKeptRefused', { code: kept.code, reason: problem }) : null);
    });
  }, [kept]);

  const place = () => {
    const tableCode = tableOrder ? readStorage(TABLE_CODE_KEY) : null;
    // A store that opens its tables with the waiter's code: asked once, then kept for the tab.
    if (tableOrder && !tableCode && table?.requires_code) {
      setTableCodeProblem(null);
      setDialog('tableCode');
      return;
    }
    const payload = orderPayload({
      sent,
      quote,
      draft,
      customerId: customer.id,
      phone: customerPhone(customer.telefones, customer.username) || null,
      source: readStorage(SOURCE_KEY),
      tableId: readStorage(TABLE_ID_KEY),
      tableToken: readStorage(TABLE_TOKEN_KEY),
      tableCode,
    });
    setDialog('result');
    void ordering.place({
      payload: { ...payload, ...whatsappSubmission(optIn) },
      cart,
      totals,
      couponCode: draft.coupon?.codigo ?? null,
      tableOrder,
      paidByPix: isOnlinePayment(sent.payment) ? sent.payment.online === 'pix' : chosenMethod?.tipo === 'pix',
      savedCard:
        draft.paymentId === ONLINE_CARD_ID && draft.cardId !== null
          ? (savedCards.find((card) => card.id === draft.cardId) ?? null)
          : null,
    });
  };

  const act = (action: CheckoutAction) => {
    switch (action) {
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
        paymentRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:not([disabled])')?.focus();
        return;
      case 'confirm':
        if (hasUnavailable) {
          unavailableRef.current?.scrollIntoView({ block: 'center' });
          unavailableRef.current?.focus();
          return;
        }
        if (!minimum.met) {
          setDialog('minimum');
          return;
        }
        if (quote.refusals.length > 0) {
          ordering.refuse(refusalText(quote.refusals[0]!, t));
          setDialog('result');
          return;
        }
        place();
    }
  };

  const leaveResult = (to: string | null) => {
    const succeeded = ordering.result?.status === 'success';
    setDialog(null);
    ordering.clear();
    if (!succeeded) return;
    navigate(to ?? '/home');
    justOrderedStore.set(false);
  };
  // Leaving the screen any other way ends the placed order's stay too.
  useEffect(() => () => justOrderedStore.set(false), []);

  const closeDialog = () => setDialog(null);

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="sr-only">
        {t('checkoutTitle')}
      </h2>

      {ordering.placed ? (
        // Placed (and paid, when online): what the store has, not the emptied cart's quote.
        <TotalsBlock
          totals={placedTotals(ordering.placed)}
          delivering={ordering.placed.tipo_entrega === 'Entregar'}
          t={t}
        />
      ) : (
        <>
          <UnavailableLinesBlock
            ref={unavailableRef}
            cart={cart}
            checks={checks}
            onRemove={(sequence) => removeLine(sequence, { all: true })}
            onOpenCart={() => navigate('/cart')}
            t={t}
          />
          <DeliveryBlock
            modes={quote.deliveryTypes}
            selected={draft.deliveryType}
            delivering={delivering}
            address={address}
            deliveryFee={totals.deliveryFee}
            store={company}
            table={tableOrder ? (table?.table.description ?? null) : null}
            onChooseMode={chooseMode}
            onOpenAddresses={() => setDialog('address')}
            t={t}
          />
          {quote.schedulingAvailable ? (
            <ScheduleBlock
              period={
                draft.scheduledPeriod
                  ? scheduleText(draft.scheduledPeriod, new Date(), language, company.time_zone)
                  : null
              }
              onOpen={() => setDialog('schedule')}
              t={t}
            />
          ) : null}
          {/* A store with no coupon to offer shows no coupon row (issue 34), unless a link's or a
              kept code has something to say. */}
          {company.tem_cupons !== false || draft.coupon || couponNotice ? (
            <CouponBlock
              coupon={draft.coupon}
              notice={couponNotice}
              onAdd={() => setDialog('coupon')}
              onRemove={() => {
                change({ coupon: null });
                forgetCoupon();
              }}
              t={t}
            />
          ) : null}
          {program && quote.loyalty ? (
            <LoyaltyBlock
              program={program}
              points={customer.pontos_fidelidade}
              pendingPoints={customer.pontos_pendentes ?? 0}
              inUse={draft.fidelity}
              onTerms={() => setDialog('terms')}
              onUse={() => setDialog('loyalty')}
              onRemove={() => change({ fidelity: false })}
              t={t}
            />
          ) : null}
          {tableOrder ? null : <NotesBlock notes={draft.notes} onOpen={() => setDialog('notes')} t={t} />}
          {quote.paymentShown ? (
            <PaymentBlock
              ref={paymentRef}
              online={
                company.online_payment ? { pix: company.payment_by_pix, card: company.payment_by_card } : null
              }
              offered={offeredMethods}
              deliveryType={draft.deliveryType}
              paymentId={draft.paymentId}
              changeFor={draft.changeFor}
              chosenMethod={chosenMethod}
              onChoose={choosePayment}
              onChoosePix={() => change({ paymentId: ONLINE_PIX_ID, changeFor: null })}
              savedCards={savedCards}
              cardId={draft.cardId}
              onChooseCard={(cardId) => change({ paymentId: ONLINE_CARD_ID, cardId, changeFor: null })}
              onShowPixKey={() => setDialog('pixKey')}
              t={t}
            />
          ) : null}
          <DocumentBlock
            ref={documentRef}
            value={draft.document}
            onChange={(document) => change({ document })}
            required={quote.document.required}
            pending={quote.document.pending}
            requiredByStore={delivering && company.delivery_customer_doc_required}
            t={t}
          />
          {optIn.shown ? (
            <WhatsappBlock
              checked={optIn.checked}
              phone={formatPhone(customerPhone(customer.telefones, customer.username))}
              busy={whatsappBusy}
              notice={whatsappNotice}
              onChange={(on) => void switchWhatsapp(on)}
              t={t}
            />
          ) : null}
          {/* No delivery line before there is an address to price it (not a misleading R$ 0,00). */}
          <TotalsBlock totals={totals} delivering={delivering && address !== null} t={t} />
          <MainAction main={quote.mainAction} total={totals.total} onAct={act} t={t} />
        </>
      )}

      {dialog === 'address' ? (
        <AddressChooserDialog
          addresses={customer.enderecos}
          selectedId={draft.addressId}
          onChoose={(id) => {
            chooseAddress(id);
            change({ addressId: id });
            setDialog(null);
          }}
          onClose={closeDialog}
          t={t}
        />
      ) : null}
      {dialog === 'schedule' ? (
        <ScheduleDialog
          days={scheduleDays(freePeriods, new Date(), language, company.time_zone)}
          selected={draft.scheduledPeriod}
          onChoose={(period) => {
            change({ scheduledPeriod: period });
            setDialog(null);
          }}
          onClose={closeDialog}
          t={t}
        />
      ) : null}
      {dialog === 'coupon' ? (
        <CouponDialog initial={storedCoupon() ?? ''} apply={applyCoupon} onClose={closeDialog} t={t} />
      ) : null}
      {dialog === 'loyalty' && program && quote.loyalty ? (
        <LoyaltyRewardDialog
          program={program}
          verdict={quote.loyalty}
          onUse={() => {
            change({ fidelity: true, coupon: null });
            setDialog(null);
          }}
          onClose={closeDialog}
          t={t}
        />
      ) : null}
      {dialog === 'terms' && program ? (
        <LoyaltyTermsDialog program={program} onClose={closeDialog} t={t} />
      ) : null}
      {dialog === 'minimum' && !minimum.met ? (
        <MinimumOrderDialog
          minimum={company.valor_minimo}
          missing={minimum.missing}
          onClose={closeDialog}
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
      {dialog === 'notes' ? (
        <NotesDialog
          initial={draft.notes}
          onSave={(notes) => {
            change({ notes });
            setDialog(null);
          }}
          onClose={closeDialog}
          t={t}
        />
      ) : null}
      {dialog === 'pixKey' && hasPixKey(chosenMethod) ? (
        <PixKeyDialog method={chosenMethod} onClose={closeDialog} t={t} />
      ) : null}
      {dialog === 'result' && ordering.result ? (
        <OrderResultDialog
          result={ordering.result}
          scheduledFor={
            draft.scheduledPeriod
              ? scheduleText(draft.scheduledPeriod, new Date(), language, company.time_zone)
              : null
          }
          proofHref={(orderId) => whatsappHref(company.whatsapp, t('proofMessage', { id: orderId }))}
          onSeeStatus={(id) => leaveResult(`/mobile/orders/${id}`)}
          onSeeTab={tableOrder ? () => leaveResult(TAB_PATH) : undefined}
          onClose={() => leaveResult(null)}
          t={t}
        />
      ) : null}
      {dialog === 'tableCode' ? (
        <TableCodeDialog
          problem={tableCodeProblem}
          onSubmit={(code) => {
            writeStorage(TABLE_CODE_KEY, code);
            place();
          }}
          onClose={closeDialog}
          t={t}
        />
      ) : null}
    </section>
  );
}
