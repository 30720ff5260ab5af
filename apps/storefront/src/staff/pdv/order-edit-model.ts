import type {
  Company,
  LoyaltyProgram,
  PaymentMethod,
  StaffOrder,
  StaffOrderEditRequest,
  StaffOrderLine,
} from '@comanda/contract';
import {
  type Cart,
  type CheckoutDraft,
  type CheckoutQuote,
  checkoutQuote,
  type DeliveryType,
  paymentIdOf,
  placedLineDraft,
} from '@comanda/domain';
import { lineSubmission } from '../../lib/line-submission.ts';
import { checkoutStoreOf, inPersonMethods } from './pdv-model.ts';

/*
 * 'Editar pedido' (issue 33, docs/decisions/0062): an order before it is prepared, with lines taken
 * out (by their seq) and added (from the menu, through the customer's product dialog), and its
 * payment changed; quoted by the checkout rulebook as the server quotes the edit (the kept lines at
 * the prices they were placed with, the store taken as open), then sent to
 * POST /staff/orders/{id}/edit. The server prices and checks it all again: it is the authority.
 */

export interface EditDraft {
  /** The seqs of the order's lines taken out. */
  removed: readonly number[];
  /** The payment method chosen; null: the order's own (unchanged). */
  paymentId: number | null;
  /** Cash change-for in centavos; null when no change is needed. */
  changeFor: number | null;
  /** Whether the payment (method or change) was touched: only then is it sent. */
  paymentTouched: boolean;
}

export const emptyEdit = (): EditDraft => ({
  removed: [],
  paymentId: null,
  changeFor: null,
  paymentTouched: false,
});

export interface EditContext {
  company: Company;
  program: LoyaltyProgram | null;
  methods: readonly PaymentMethod[];
  order: StaffOrder;
  /** The lines being added, as the product dialog built them. */
  added: Cart;
}

/** The order's product lines a staff member can take out: every stored line (the delivery line has no seq). */
export function editableLines(order: StaffOrder): (StaffOrderLine & { seq: number })[] {
  return order.produtos_pedidos.filter(
    (line): line is StaffOrderLine & { seq: number } => line.seq !== null && line.seq !== undefined,
  );
}

/** The menu an order's new lines come from: a table's round from the table's, the others from the app's. */
export const editMenuChannel = (order: StaffOrder): 'local' | 'app' => (order.mesa ? 'local' : 'app');

/** The order's delivery type as the checkout rulebook names it. */
const deliveryTypeOf = (order: StaffOrder): DeliveryType => order.tipo_entrega as DeliveryType;

/**
 * The order's current payment method among the store's in-person ones, found by the name the
 * order carries (the record names it, not its id); null for a table's round or a method gone.
 */
export function currentMethod(order: StaffOrder, methods: readonly PaymentMethod[]): PaymentMethod | null {
  if (!order.forma_pagamento_nome) return null;
  return (
    inPersonMethods(methods, deliveryTypeOf(order)).find(
      (method) => method.descricao === order.forma_pagamento_nome,
    ) ?? null
  );
}

/** The method the edited order is paid with: the one chosen, else the order's own. */
export function chosenMethod(context: EditContext, draft: EditDraft): PaymentMethod | null {
  if (draft.paymentId !== null)
    return context.methods.find((method) => method.id === draft.paymentId) ?? null;
  return currentMethod(context.order, context.methods);
}

/** The change-for of the edited order: the one typed once the payment was touched, else the order's. */
export function chosenChange(context: EditContext, draft: EditDraft): number | null {
  return draft.paymentTouched ? draft.changeFor : context.order.troco_para;
}

export interface EditQuote {
  /** The order as it stands (its own totals, from the server). */
  before: number;
  quote: CheckoutQuote;
  /** Whether anything would change: a line out or in, or the payment touched. */
  changed: boolean;
}

/**
 * The edited order quoted as the server's edit quotes it: the kept lines at their placed prices,
 * the new ones from today's menu, the order's delivery type and table, its coupon and loyalty
 * reward, the payment and change, the store taken as open (the order was taken when it was). The
 * delivery fee and the coupon's discount are held at what the order was placed with: the record
 * does not carry the address's fee rules nor the coupon's terms; the server recomputes both.
 */
export function editQuote(context: EditContext, draft: EditDraft): EditQuote {
  const { order } = context;
  const store = { ...checkoutStoreOf(context.company, context.program), open: true };
  const kept = editableLines(order).filter((line) => !draft.removed.includes(line.seq));
  const method = chosenMethod(context, draft);
  const payment = method;
  const sent: CheckoutDraft = {
    lines: [
      ...kept.map((line) =>
        placedLineDraft({
          productId: line.produto,
          descricaoProduto: line.descricao_produto,
          descricaoCategoria: line.descricao_categoria,
          produtoValor: line.produto_valor,
          valorAdicionais: line.valor_adicionais,
          qtd: line.qtd,
        }),
      ),
      ...context.added,
    ],
    deliveryType: deliveryTypeOf(order),
    tableOrder: order.mesa !== null,
    address:
      order.tipo_entrega === 'Entregar'
        ? {
            deliverable: true,
            fees: {
              delivery_fee: order.valor_entrega,
              original_delivery_fee: order.valor_entrega,
              discount_minimum_order: 0,
            },
          }
        : null,
    coupon:
      order.desconto_cupom > 0
        ? {
            id: 0,
            valor: order.desconto_cupom,
            perc: false,
            descricao: order.cupom ?? '',
            local: order.tipo_entrega === 'Entregar' ? 'Ambos' : 'Carrinho',
            minSubtotal: 0,
          }
        : null,
    redeemLoyalty: order.fidelidade_utilizada,
    // The reward's points were spent when the order was placed.
    points: order.pontos_utilizados,
    payment,
    changeFor: payment ? chosenChange(context, draft) : null,
    document: '',
    scheduledPeriod: null,
  };
  const quote = checkoutQuote(store, sent);
  return {
    before: order.total,
    quote,
    changed: draft.removed.length > 0 || context.added.length > 0 || draft.paymentTouched,
  };
}

/** POST /staff/orders/{id}/edit: the seqs out, the lines in, the payment when it was touched. */
export function editPayload(context: EditContext, draft: EditDraft): StaffOrderEditRequest {
  const body: StaffOrderEditRequest = {
    remover: [...draft.removed].sort((a, b) => a - b),
    adicionar: context.added.map(lineSubmission),
  };
  if (draft.paymentTouched) {
    const method = chosenMethod(context, draft);
    body.fk_forma_pagamento = method ? paymentIdOf(method) : null;
    body.troco_para = method?.permite_troco ? draft.changeFor : null;
  }
  return body;
}

/** A line taken out, or put back. */
export function toggleRemoved(draft: EditDraft, seq: number): EditDraft {
  return {
    ...draft,
    removed: draft.removed.includes(seq)
      ? draft.removed.filter((each) => each !== seq)
      : [...draft.removed, seq],
  };
}
