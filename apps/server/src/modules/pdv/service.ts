import { randomBytes } from 'node:crypto';
import type {
  AddressSent,
  CouponValidateReply,
  CouponValidateRequest,
  StaffCustomer,
  StaffCustomerCreate,
  StaffCustomerLookupReply,
  StaffOrderEditReply,
  StaffOrderEditRequest,
  StaffOrderPixReply,
  StaffOrderRequest,
  StaffPixCharge,
} from '@comanda/contract';
import {
  buildBrCode,
  checkBrCode,
  cityOfAddress,
  DEFAULT_PHONE_COUNTRY,
  EDITABLE_ORDER_STATUSES,
  ONLINE_PAYMENT_IDS,
  ONLINE_PIX_ID,
  pixKeyForBrCode,
} from '@comanda/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  companySettings,
  customers,
  type OrderEditLine,
  type OrderLineItemSnapshot,
  orderLines,
  orders,
  paymentMethods,
} from '../../db/schema.ts';
import { checkDisplayName } from '../../lib/account-fields.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { countryOfDdi, loginDigitsOf, parseSignUpPhone } from '../../lib/phone.ts';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { type AddressService, listAddresses } from '../addresses/index.ts';
import type { CouponService } from '../coupons/index.ts';
import { createCustomerAccount, findAccountByPhone } from '../customers/index.ts';
import { type OrderService, type PlaceOrderResult, priceOrderEdit } from '../orders/index.ts';
import type { PaymentReply, PaymentService } from '../payments/index.ts';
import type { OrderEdit } from '../printing/index.ts';
import { recordOrderEdit } from './order-edits.ts';

/*
 * Order entry in the staff app (issue 33 part 1, docs/decisions/0058): the customer found by phone
 * or added with name and phone (no password: they claim the account later by the SMS recovery code),
 * and the order placed FOR them through the customer's own placement (OrderService.place), with its
 * channel and the staff member who entered it.
 */

/**
 * The password hash of an account made at the counter: not a scrypt hash, so no password ever
 * matches it (lib/password.ts verifyPassword answers false) until the customer sets one by SMS.
 */
export const NO_PASSWORD_HASH = '!counter:no-password';
const PRIVACY_TOKEN_BYTES = 18;

const invalidPhone = () => invalid('INVALID_PHONE', 'Informe um celular válido.', 'phone');
const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');
const noPixKey = () =>
  new AppError('conflict', 'PIX_KEY_UNAVAILABLE', 'Este pedido não é pago por PIX para a chave da loja.');
/** A static code's txid: letters and digits, at most 25. */
const PDV_TXID_PREFIX = 'PDV';
const customerNotFound = () => notFound('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
const phoneTaken = () =>
  new AppError('conflict', 'PHONE_TAKEN', 'Este celular já tem cadastro na loja.', { field: 'phone' });

/** The login digits of a phone as the staff types it: national (Brazil) first, then as digits. */
function phoneDigits(input: string, ddi?: string): { loginDigits: string; country: string } | null {
  const country = countryOfDdi(ddi);
  if (!country) return null;
  const parsed = parseSignUpPhone(country, input);
  if (parsed) return parsed;
  if (ddi !== undefined && ddi !== '') return null;
  const digits = loginDigitsOf(input);
  return digits ? { loginDigits: digits, country: DEFAULT_PHONE_COUNTRY } : null;
}

export interface PdvServiceDeps {
  db: Database;
  now: () => Date;
  orders: OrderService;
  coupons: CouponService;
  /** Where an edited order is announced (the board's streams). */
  events?: OrderEvents;
  /** A counter order paid by a PIX charge through the store's provider (0063). */
  payments?: Pick<PaymentService, 'createCounterPix'>;
  /** Runs inside the edit's transaction once it is recorded: the kitchen's PEDIDO ALTERADO tickets. */
  onEdit?: (tx: DbExecutor, edit: OrderEdit) => Promise<void>;
  /** The customer's own address writing, for an address given at the counter. */
  addresses?: Pick<AddressService, 'upsert'>;
}

const alreadyPrepared = () =>
  new AppError(
    'conflict',
    'ORDER_ALREADY_PREPARED',
    'Este pedido já foi preparado e não pode mais ser alterado.',
  );
const paidOnline = () =>
  new AppError('conflict', 'ORDER_PAID_ONLINE', 'Um pedido pago pelo app não pode ser alterado aqui.');
const lineNotFound = (field: string) =>
  new AppError('invalid', 'LINE_NOT_FOUND', 'Este item não está no pedido.', { field });
const emptyEdit = () =>
  new AppError('invalid', 'EMPTY_EDIT', 'Nada a alterar: adicione ou remova um item, ou troque o pagamento.');

export class PdvService {
  constructor(private readonly deps: PdvServiceDeps) {}

  /** GET /staff/customers?phone=: this store's customer with the phone, or null. */
  async findCustomer(staff: StaffPrincipal, phone: string): Promise<StaffCustomerLookupReply> {
    const parsed = phoneDigits(phone);
    if (!parsed) throw invalidPhone();
    const row = await findAccountByPhone(this.deps.db, staff.storeId, parsed.loginDigits);
    return { customer: row ? await this.customerOf(this.deps.db, staff.storeId, row) : null };
  }

  /** POST /staff/customers: 409 PHONE_TAKEN when the phone already has an account here. */
  async createCustomer(staff: StaffPrincipal, body: StaffCustomerCreate): Promise<StaffCustomer> {
    const nome = checkDisplayName(body.name);
    const parsed = phoneDigits(body.phone, body.ddi);
    if (!parsed) throw invalidPhone();
    const { db, now } = this.deps;
    const at = now();
    const row = await createCustomerAccount(db, {
      storeId: staff.storeId,
      phone: parsed.loginDigits,
      phoneCountry: parsed.country,
      nome,
      passwordHash: NO_PASSWORD_HASH,
      sendPromo: false,
      privacyToken: randomBytes(PRIVACY_TOKEN_BYTES).toString('base64url'),
      // The customer accepts the terms when they claim the account, not the staff for them.
      termsAcceptedAt: null,
      passwordChangedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    if (!row) throw phoneTaken();
    return this.customerOf(db, staff.storeId, row);
  }

  /**
   * POST /staff/customers/{id}/addresses: an address the customer gives on the phone or at the
   * counter, saved exactly as the customer's own (the same checks, fee and limit), then the
   * customer as the lookup shows them, with the new address among theirs.
   */
  async addAddress(staff: StaffPrincipal, customerId: number, address: AddressSent): Promise<StaffCustomer> {
    const { db, addresses } = this.deps;
    if (!addresses) throw new Error('PdvService: no address service');
    await this.customerIdOf(staff.storeId, customerId);
    await addresses.upsert({ storeId: staff.storeId, customerId }, { addresses: [{ ...address, id: null }] });
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.storeId, staff.storeId), eq(customers.id, customerId)));
    if (!row) throw customerNotFound();
    return this.customerOf(db, staff.storeId, row);
  }

  /**
   * POST /staff/orders: the customer's order placement for a customer of this store, with the
   * channel and the staff member; a garçom order is a table's round, the others never are.
   */
  async placeOrder(
    staff: StaffPrincipal,
    body: StaffOrderRequest & { fk_cliente: number },
    key: string | string[] | undefined,
  ): Promise<PlaceOrderResult> {
    const { owner, submission, entry } = await this.entryOf(staff, body);
    return this.deps.orders.place(
      owner,
      submission as Parameters<OrderService['place']>[1],
      key,
      null,
      entry,
    );
  }

  /**
   * POST /staff/pix-charges: the same order paid by a PIX charge through the store's provider
   * (docs/decisions/0063), placed as the customer's online PIX order is (awaiting its payment).
   */
  async placePixCharge(
    staff: StaffPrincipal,
    body: StaffOrderRequest & { fk_cliente: number },
    key: string | string[] | undefined,
  ): Promise<PaymentReply<StaffPixCharge>> {
    const payments = this.deps.payments;
    if (!payments) throw new Error('the PDV was built without payments');
    const { owner, submission, entry } = await this.entryOf(staff, body);
    return payments.createCounterPix(
      owner,
      { ...submission, fk_forma_pagamento: ONLINE_PIX_ID, troco_para: null } as Parameters<
        PaymentService['createCounterPix']
      >[1],
      key,
      entry,
    );
  }

  /** The order as the customer's own submission, for whom, and the staff entry (channel, who). */
  private async entryOf(staff: StaffPrincipal, body: StaffOrderRequest & { fk_cliente: number }) {
    const { canal, ...order } = body;
    const table = order.identificador_pedido_novo;
    const atTable = table !== undefined && table !== null && String(table).trim() !== '';
    if (canal === 'garcom' && !atTable) {
      throw invalid('TABLE_REQUIRED', 'Escolha a mesa do pedido do garçom.', 'identificador_pedido_novo');
    }
    if (canal !== 'garcom' && (atTable || order.forma_entrada === 'local')) {
      throw invalid('TABLE_ONLY_FOR_WAITER', 'Pedido de mesa só pelo canal Garçom.', 'canal');
    }
    const customerId = await this.customerIdOf(staff.storeId, order.fk_cliente);
    const submission = {
      ...order,
      forma_entrada: canal === 'garcom' ? 'local' : canal === 'telefone' ? 'Telefone' : 'Balcão',
      token_mesa: null,
      codigo_mesa: null,
    };
    return {
      owner: { storeId: staff.storeId, customerId },
      submission,
      entry: { channel: canal, staffId: staff.staffId },
    };
  }

  /** POST /staff/coupons/validate: the customer's coupon check, for a customer of this store. */
  async validateCoupon(staff: StaffPrincipal, body: CouponValidateRequest): Promise<CouponValidateReply> {
    const customerId = await this.customerIdOf(staff.storeId, body.customer_id);
    return this.deps.coupons.validate({ storeId: staff.storeId, customerId }, body);
  }

  /**
   * POST /staff/orders/{id}/edit: lines removed and added, the payment changed, repriced by the
   * checkout rules (orders/edit.ts) and written with its record (recordOrderEdit) in one
   * transaction, under the order's row lock; an order past Preparo is 409 ORDER_ALREADY_PREPARED
   * with nothing changed.
   */
  async editOrder(
    staff: StaffPrincipal,
    orderId: number,
    body: StaffOrderEditRequest,
  ): Promise<StaffOrderEditReply> {
    const remove = [...new Set(body.remover ?? [])];
    const add = body.adicionar ?? [];
    const paymentChanges = body.fk_forma_pagamento !== undefined || body.troco_para !== undefined;
    if (remove.length === 0 && add.length === 0 && !paymentChanges) throw emptyEdit();
    const { db, now } = this.deps;
    const at = now();
    const result = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, staff.storeId), eq(orders.id, orderId)))
        .for('update');
      if (!order) throw orderNotFound();
      if (!EDITABLE_ORDER_STATUSES.includes(order.status)) throw alreadyPrepared();
      if (
        order.awaitingPayment ||
        (order.paymentMethodId !== null && ONLINE_PAYMENT_IDS.includes(order.paymentMethodId))
      ) {
        throw paidOnline();
      }
      const lines = await tx
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.storeId, staff.storeId), eq(orderLines.orderId, orderId)))
        .orderBy(orderLines.seq);
      remove.forEach((seq, index) => {
        if (!lines.some((line) => line.seq === seq)) throw lineNotFound(`remover.${index}`);
      });
      const kept = lines.filter((line) => !remove.includes(line.seq));
      const removed = lines.filter((line) => remove.includes(line.seq));
      const methodId =
        body.fk_forma_pagamento !== undefined ? body.fk_forma_pagamento : order.paymentMethodId;
      const changeFor = body.troco_para !== undefined ? body.troco_para : order.trocoPara;
      const priced = await priceOrderEdit(tx, {
        order: {
          storeId: staff.storeId,
          customerId: order.customerId,
          tipoEntrega: order.tipoEntrega as 'Entregar' | 'Retirada' | 'Vem comer',
          tableId: order.tableId,
          addressId: order.addressId,
          couponId: order.couponId,
          fidelidadeUtilizada: order.fidelidadeUtilizada,
          pontosUtilizados: order.pontosUtilizados,
        },
        kept,
        add,
        methodId,
        changeFor,
        firstSeq: Math.max(-1, ...lines.map((line) => line.seq)) + 1,
        now: at,
      });
      const { totals, change } = priced.quote;
      await tx
        .update(orders)
        .set({
          totalProdutos: totals.products,
          acrescimo: totals.extras,
          valorEntrega: totals.deliveryFee,
          descontoCupom: totals.couponDiscount,
          descontoFidelidade: totals.loyaltyDiscount,
          total: totals.total,
          paymentMethodId: priced.method?.id ?? null,
          formaPagamentoNome: priced.method?.descricao ?? null,
          trocoPara: change?.ok ? change.changeFor : null,
          pontosFidelidade: priced.earn,
        })
        .where(and(eq(orders.storeId, staff.storeId), eq(orders.id, orderId)));
      if (removed.length > 0) {
        await tx.delete(orderLines).where(
          and(
            eq(orderLines.orderId, orderId),
            inArray(
              orderLines.id,
              removed.map((line) => line.id),
            ),
          ),
        );
      }
      if (priced.added.length > 0) {
        await tx
          .insert(orderLines)
          .values(priced.added.map((line) => ({ ...line, orderId, storeId: staff.storeId })));
      }
      const editLine = (line: {
        seq: number;
        productId: number;
        descricaoProduto: string;
        qtd: number;
        valorTotal: number;
        observacao: string;
        itensPedidos: OrderLineItemSnapshot[];
      }): OrderEditLine => ({
        seq: line.seq,
        product_id: line.productId,
        descricao_produto: line.descricaoProduto,
        qtd: line.qtd,
        valor_total: line.valorTotal,
        observacao: line.observacao,
        itens_pedidos: line.itensPedidos,
      });
      const linesAdded = priced.added.map(editLine);
      const linesRemoved = removed.map(editLine);
      const editId = await recordOrderEdit(tx, {
        storeId: staff.storeId,
        orderId,
        staffId: staff.staffId,
        at,
        totalBefore: order.total,
        totalAfter: totals.total,
        linesAdded,
        linesRemoved,
        paymentBefore: order.paymentMethodId,
        paymentAfter: priced.method?.id ?? null,
      });
      await this.deps.onEdit?.(tx, {
        storeId: staff.storeId,
        orderId,
        editId,
        at,
        added: priced.added,
        removed,
      });
      return {
        customerId: order.customerId,
        status: order.status,
        reply: {
          order_id: orderId,
          total_antes: order.total,
          total_depois: totals.total,
          adicionadas: linesAdded,
          removidas: linesRemoved,
        },
      };
    });
    this.deps.events?.publishCommitted({
      storeId: staff.storeId,
      customerId: result.customerId,
      id: orderId,
      status: result.status,
      updatedAt: at.toISOString(),
    });
    return result.reply;
  }

  /**
   * GET /staff/orders/{id}/pix: the static BR Code of the order's total to the store's own key, when
   * the order is paid with the store's in-person PIX method (409 PIX_KEY_UNAVAILABLE otherwise, and
   * for a cancelled or free order). Nobody tells the store when it is paid: the staff sees it arrive.
   */
  async orderPix(staff: StaffPrincipal, orderId: number): Promise<StaffOrderPixReply> {
    const [row] = await this.deps.db
      .select({
        total: orders.total,
        status: orders.status,
        tipo: paymentMethods.tipo,
        descricao: paymentMethods.descricao,
        chavePix: paymentMethods.chavePix,
        tipoChavePix: paymentMethods.tipoChavePix,
        titular: paymentMethods.pixNomeTitular,
        storeName: companySettings.nome,
        endereco: companySettings.endereco,
      })
      .from(orders)
      .innerJoin(companySettings, eq(companySettings.storeId, orders.storeId))
      .leftJoin(
        paymentMethods,
        and(eq(paymentMethods.storeId, orders.storeId), eq(paymentMethods.id, orders.paymentMethodId)),
      )
      .where(and(eq(orders.storeId, staff.storeId), eq(orders.id, orderId)));
    if (!row) throw orderNotFound();
    const key = row.chavePix?.trim();
    if (row.tipo !== 'pix' || !key || row.status === 'Cancelado' || row.total <= 0) throw noPixKey();
    const recebedor = row.titular?.trim() || row.storeName;
    const input = {
      key: pixKeyForBrCode(key, row.tipoChavePix),
      amount: row.total,
      merchantName: recebedor,
      merchantCity: cityOfAddress(row.endereco) ?? 'BRASIL',
      txid: `${PDV_TXID_PREFIX}${orderId}`,
    };
    let code: string;
    try {
      code = buildBrCode(input);
    } catch (error) {
      if (error instanceof RangeError) throw noPixKey();
      throw error;
    }
    if (!checkBrCode(code, { amount: input.amount, key: input.key, txid: input.txid }).ok) throw noPixKey();
    return {
      order_id: orderId,
      total: row.total,
      forma_pagamento: row.descricao ?? '',
      recebedor,
      copia_e_cola: code,
      qr_code: await qrSvgDataUrl(code),
    };
  }

  private async customerIdOf(storeId: number, id: number): Promise<number> {
    const [customer] = await this.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.storeId, storeId), eq(customers.id, id)));
    if (!customer) throw customerNotFound();
    return customer.id;
  }

  private async customerOf(
    db: DbExecutor,
    storeId: number,
    row: typeof customers.$inferSelect,
  ): Promise<StaffCustomer> {
    const [counted] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.customerId, row.id)));
    return {
      id: row.id,
      nome: row.nome,
      phone: row.phone,
      phone_country: row.phoneCountry,
      has_password: row.passwordHash !== NO_PASSWORD_HASH,
      pontos_fidelidade: row.pontosFidelidade,
      orders_count: counted?.n ?? 0,
      addresses: await listAddresses(db, storeId, row.id),
    };
  }
}
