import type {
  Category,
  Company,
  LoyaltyProgram,
  PaymentMethod,
  Product,
  StaffOrder,
  StaffOrderEditReply,
} from '@comanda/contract';
import {
  addToCart,
  type CartLine,
  type CartLineDraft,
  DEFAULT_ORDER_LIMITS,
  formatBRL,
  groupIdenticalLines,
  isOrderEditable,
  itemRoom,
  lineQuantityCap,
  MAX_CART_LINES,
  parseChangeFor,
  removeFromCart,
} from '@comanda/domain';
import { useId, useState } from 'react';
import { apiGet } from '../../lib/api-client.ts';
import { useData } from '../../lib/data-cache.tsx';
import { START_PATHS } from '../../lib/start-data.ts';
import { ProductDialog } from '../../shared/product-dialog/product-dialog.tsx';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { staffErrorText } from '../lib/staff-errors.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { CartLineText, MenuPicker, Totals } from './menu-picker.tsx';
import {
  chosenMethod,
  type EditDraft,
  editableLines,
  editMenuChannel,
  editPayload,
  editQuote,
  emptyEdit,
  toggleRemoved,
} from './order-edit-model.ts';
import { differenceText, editErrorText, useEditT } from './order-edit-texts.ts';
import { inPersonMethods } from './pdv-model.ts';
import { refusalText, usePdvT } from './pdv-texts.ts';
import '../../shared/product-dialog/product-dialog.css';
import './pdv.css';
import './order-edit.css';

/*
 * 'Editar pedido' (issue 33, docs/decisions/0062): an order on the board (or in the history)
 * before it is prepared. Its lines, each with 'Tirar'; new lines from the menu through the
 * customer's product dialog; the payment and the change; the total before and after as the
 * checkout rulebook quotes it; then the edit, which the server prices and checks again. A tablet
 * shows the menu beside the order; a phone shows the order and opens the menu on 'Adicionar
 * produto'. Its own chunk, loaded on the first 'Editar pedido'.
 */

const fetcher = <T,>(path: string) => apiGet<T>(path);

/** Refusals after which the order cannot be edited at all: the save button stays off. */
const FINAL_REFUSALS = ['ORDER_ALREADY_PREPARED', 'ORDER_PAID_ONLINE', 'ORDER_NOT_FOUND'];

export interface OrderEditViewProps {
  order: StaffOrder;
  t: StaffT;
  onClose: () => void;
  /** The edit went through: the server's reply (totals before and after). */
  onSaved: (reply: StaffOrderEditReply) => void;
}

export default function OrderEditView({ order, t: staffT, onClose, onSaved }: OrderEditViewProps) {
  const e = useEditT();
  const p = usePdvT();
  const titleId = useId();
  const [draft, setDraft] = useState<EditDraft>(emptyEdit);
  const [added, setAdded] = useState<CartLine[]>([]);
  const [picking, setPicking] = useState<Product | null>(null);
  const [query, setQuery] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const [changeText, setChangeText] = useState(() =>
    order.troco_para ? (order.troco_para / 100).toFixed(2).replace('.', ',') : '',
  );
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server said the order can no longer be edited (ready, paid in the app, gone): nothing to save.
  const [closed, setClosed] = useState(false);

  const channel = editMenuChannel(order);
  const company = useData<Company[]>(START_PATHS.company, fetcher);
  const categories = useData<Category[]>(START_PATHS.categories, fetcher);
  const products = useData<Product[]>(
    channel === 'local' ? START_PATHS.productsLocal : START_PATHS.products,
    fetcher,
  );
  const methods = useData<PaymentMethod[]>(START_PATHS.paymentMethods, fetcher);
  const loyalty = useData<LoyaltyProgram[]>(START_PATHS.loyalty, fetcher);
  const store = company.data?.[0];
  const failed = company.error ?? products.error ?? categories.error ?? methods.error;

  const context = store
    ? { company: store, program: loyalty.data?.[0] ?? null, methods: methods.data ?? [], order, added }
    : null;
  const quoted = context ? editQuote(context, draft) : null;
  const quote = quoted?.quote ?? null;
  const offered = quote ? inPersonMethods(methods.data ?? [], quote.deliveryType) : [];
  const method = context ? chosenMethod(context, draft) : null;

  const update = (next: EditDraft) => {
    setError(null);
    setDraft(next);
  };
  const insert = (line: CartLineDraft, times: number) => {
    setAdded((current) => addToCart(current, line, times));
    setPicking(null);
    setMenuOpen(false);
    setError(null);
  };

  const editable =
    !closed && isOrderEditable({ status: order.status, paidOnline: order.pagamento_online !== null });
  const changeInvalid = changeText.trim() !== '' && parseChangeFor(changeText) === null;
  const firstRefusal = quote?.refusals[0];
  const blocker = !editable
    ? e('notEditable')
    : !quoted?.changed
      ? e('nothingChanged')
      : changeInvalid
        ? p('invalidChange')
        : firstRefusal
          ? refusalText(firstRefusal, p)
          : null;

  const save = async () => {
    if (!context || blocker !== null) return;
    setSaving(true);
    setError(null);
    try {
      const reply = await staffFetch<StaffOrderEditReply>(`/staff/orders/${order.id}/edit`, {
        method: 'POST',
        json: editPayload(context, draft),
      });
      onSaved(reply);
    } catch (caught) {
      if (caught instanceof StaffApiError && caught.code !== null && FINAL_REFUSALS.includes(caught.code)) {
        setClosed(true);
      }
      setError(editErrorText(caught, e));
    } finally {
      setSaving(false);
    }
  };

  const limits = store
    ? { maxLineQuantity: store.qtd_maxima_item, maxOrderTotal: store.valor_maximo_pedido }
    : DEFAULT_ORDER_LIMITS;
  const lines = editableLines(order);
  const after = quote?.totals.total ?? order.total;

  return (
    <main className="pdv order-edit" aria-labelledby={titleId} data-menu={menuOpen ? 'open' : 'closed'}>
      <header className="order-edit-head">
        <h2 id={titleId}>{e('title', { id: order.numero ?? order.id })}</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {e('close')}
        </button>
        {failed ? (
          <p className="staff-error order-edit-failed" role="alert">
            {p('loadFailed', { detail: staffErrorText(failed, staffT) })}
          </p>
        ) : null}
      </header>

      <section className="pdv-head" aria-label={e('lines')}>
        <h3 className="pdv-heading">{e('lines')}</h3>
        <ul className="pdv-lines">
          {lines.map((line) => {
            const out = draft.removed.includes(line.seq);
            const options = line.itens_pedidos
              .map((item) =>
                item.quantidade_pedida === 0
                  ? staffT('without', { item: item.descricao })
                  : `${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}× ` : ''}${item.descricao}`,
              )
              .join(', ');
            return (
              <li key={line.seq} className="pdv-line order-edit-line" data-removed={out ? 'true' : undefined}>
                <span className="pdv-line-text">
                  <strong className="order-edit-name">
                    {line.qtd}× {line.descricao_produto}
                  </strong>
                  {options ? <span className="staff-muted">{options}</span> : null}
                  {line.observacao ? <span className="staff-muted">“{line.observacao}”</span> : null}
                  {out ? <span className="order-edit-tag order-edit-tag-out">{e('removedTag')}</span> : null}
                </span>
                <span className="pdv-line-total">{formatBRL(line.valor_total)}</span>
                <button
                  type="button"
                  className="button button-secondary order-edit-toggle"
                  aria-pressed={out}
                  aria-label={e(out ? 'keepLineLabel' : 'removeLineLabel', { item: line.descricao_produto })}
                  onClick={() => update(toggleRemoved(draft, line.seq))}
                >
                  {e(out ? 'keepLine' : 'removeLine')}
                </button>
              </li>
            );
          })}
        </ul>

        <h3 className="pdv-heading">{e('addedTitle')}</h3>
        {added.length === 0 ? <p className="staff-muted">{e('addHint')}</p> : null}
        <ul className="pdv-lines">
          {groupIdenticalLines(added).map((group) => (
            <li key={group.equality_seq} className="pdv-line">
              <CartLineText group={group}>
                <span className="order-edit-tag order-edit-tag-new">{e('addedTag')}</span>
              </CartLineText>
              <span className="pdv-line-total">{formatBRL(group.total)}</span>
              <button
                type="button"
                className="button button-secondary pdv-remove"
                aria-label={e('removeAdded', { item: group.line.descricao_produto })}
                onClick={() => setAdded((current) => removeFromCart(current, group.sequences.at(-1)!))}
              >
                −
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button-secondary order-edit-menu-toggle"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? e('hideMenu') : e('showMenu')}
        </button>
      </section>

      <section className="pdv-menu order-edit-menu" aria-label={p('menu')}>
        {store && products.data && categories.data ? (
          <MenuPicker
            t={p}
            categories={categories.data}
            products={products.data}
            query={query}
            onQuery={setQuery}
            onPick={setPicking}
          />
        ) : (
          <p className="staff-muted">{p('loading')}</p>
        )}
      </section>

      <section className="pdv-tail" aria-label={p('payment')}>
        {order.mesa ? (
          <p className="staff-muted">{e('paymentTable')}</p>
        ) : quote?.paymentShown ? (
          <fieldset className="pdv-block">
            <legend>{p('payment')}</legend>
            <div className="pdv-choices pdv-pay">
              {offered.map((each) => (
                <button
                  key={each.id}
                  type="button"
                  className="pdv-choice"
                  aria-pressed={method?.id === each.id}
                  onClick={() => {
                    update({ ...draft, paymentId: each.id, changeFor: null, paymentTouched: true });
                    setChangeText('');
                  }}
                >
                  {each.descricao}
                </button>
              ))}
            </div>
            {!draft.paymentTouched && order.forma_pagamento_nome ? (
              <p className="staff-muted">{e('paymentKeep', { method: order.forma_pagamento_nome })}</p>
            ) : null}
            {method?.permite_troco ? (
              <label className="staff-field">
                <span>{p('changeFor')}</span>
                <input
                  inputMode="decimal"
                  value={changeText}
                  placeholder={p('noChange')}
                  onChange={(event) => {
                    setChangeText(event.target.value);
                    update({
                      ...draft,
                      paymentId: method.id,
                      paymentTouched: true,
                      changeFor: event.target.value.trim() === '' ? null : parseChangeFor(event.target.value),
                    });
                  }}
                />
                {quote.change?.ok && quote.change.change > 0 ? (
                  <span className="pdv-change">
                    {p('changeBack', { change: formatBRL(quote.change.change) })}
                  </span>
                ) : null}
              </label>
            ) : null}
          </fieldset>
        ) : null}

        {quote ? <Totals t={p} totals={quote.totals} /> : null}
        <dl className="order-edit-compare" aria-live="polite">
          <div>
            <dt>{e('totalBefore')}</dt>
            <dd>{formatBRL(order.total)}</dd>
          </div>
          <div>
            <dt>{e('totalAfter')}</dt>
            <dd>{formatBRL(after)}</dd>
          </div>
          <div className="order-edit-difference">
            <dt>{e('difference')}</dt>
            <dd>{differenceText(order.total, after)}</dd>
          </div>
        </dl>
        {order.tipo_entrega === 'Entregar' || order.desconto_cupom > 0 ? (
          <p className="staff-muted order-edit-note">{e('serverDecides')}</p>
        ) : null}
        {blocker && !error ? (
          <p className="staff-hint" role="status">
            {blocker}
          </p>
        ) : null}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary pdv-place"
          disabled={saving || blocker !== null || !context}
          onClick={() => void save()}
        >
          {saving ? e('submitting') : e('submit', { total: formatBRL(after) })}
        </button>
      </section>
      {picking ? (
        <ProductDialog
          key={picking.id}
          product={picking}
          channel={channel}
          hideNotes={false}
          cartRoom={MAX_CART_LINES - lines.length - added.length}
          itemRoom={(line) => itemRoom(limits, added, line)}
          itemCap={lineQuantityCap(limits)}
          onInsert={insert}
          onClose={() => setPicking(null)}
        />
      ) : null}
    </main>
  );
}
