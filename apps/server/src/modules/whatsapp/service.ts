import type {
  CustomerWhatsappReply,
  WhatsappConversation,
  WhatsappConversationReply,
  WhatsappConversationsReply,
  WhatsappMessage,
  WhatsappMessageStatus,
  WhatsappSettingsReply,
  WhatsappSettingsRequest,
  WhatsappStaffEvent,
} from '@comanda/contract';
import { WHATSAPP_STAFF_EVENT } from '@comanda/contract';
import { type Shift, storeClockText } from '@comanda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  openingHours,
  storeAuditLog,
  stores,
  whatsappChannels,
  whatsappConversations,
  whatsappMessages,
  whatsappOutbox,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { e164 } from '../../lib/phone.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { openSecrets, SecretsKeyError, sealSecrets } from '../payments/index.ts';
import {
  guessLanguage,
  hoursText,
  intentOf,
  type Language,
  menuText,
  personText,
  statusText,
  stopText,
} from './answers.ts';
import {
  GRAPH_API_URL,
  GraphError,
  hubSignatureMatches,
  readWebhook,
  sendGraphMessage,
  type WebhookStatus,
} from './graph.ts';
import * as repo from './repository.ts';
import {
  ALL_TEMPLATES,
  CODE_TEMPLATE,
  ORDER_UPDATE_TEMPLATES,
  type OrderUpdateKind,
  renderTemplate,
  TEMPLATE_NAMES,
  templateLanguageOf,
  templateList,
} from './templates.ts';

/*
 * The store's WhatsApp channel (issue 36, docs/decisions/0072): its settings, order updates through
 * an outbox written in the status change's transaction and sent after the commit, the webhook
 * (statuses, inbound messages, automatic answers), the staff inbox and codes by WhatsApp.
 */

/** The 24-hour customer service window: free text only within it. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The graph_url of a channel that talks to the server's own stand-in. */
export const STANDIN_GRAPH = 'standin';
export const WEBHOOK_PATH = '/integracoes/whatsapp/webhook';
/** How long before a PIX charge expires its reminder goes out. */
export const PIX_REMINDER_MS = 5 * 60 * 1000;

export interface WhatsappLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WhatsappDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
  /** The key that seals the secrets (PAYMENT_SECRETS_KEY's): null when the server has none. */
  secretsKey: Buffer | null;
  publicOrigin: (slug: string) => string;
  log: WhatsappLogger;
  /** The stand-in Graph API's address, for channels set to it; null when none runs. */
  standinUrl: () => string | null;
  /** The company call shows whether the channel is active: its cache forgets the store. */
  companyChanged?: (storeId: number) => void;
  /** Delay before the second try of an update; doubles after each (default 5 s). */
  retryBaseMs?: number;
  /** Tries of an update before it is given up (default 6). */
  maxAttempts?: number;
  /**
   * Whether the store's delivery orders leave through its dispatch (own couriers): their "saiu para
   * entrega" then goes out when the route departs (onDeparted), not when the order is ready.
   */
  deliveriesLeaveByDispatch?: (tx: DbExecutor, storeId: number) => Promise<boolean>;
}

interface Channel {
  storeId: number;
  active: boolean;
  phoneNumberId: string | null;
  displayNumber: string;
  token: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  registered: string[];
  graphUrl: string | null;
}

interface ChannelSecrets {
  token?: string;
  app_secret?: string;
  verify_token?: string;
}

const STATUS_RANK: Record<WhatsappMessageStatus, number> = {
  na_fila: 0,
  enviada: 1,
  entregue: 2,
  lida: 3,
  falhou: 4,
};
const STATUS_OF_WEBHOOK: Record<string, WhatsappMessageStatus> = {
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
};

const settingsInvalid = (field: string, detail: string) =>
  new AppError('invalid', 'WHATSAPP_SETTINGS_INVALID', detail, { field });
const secretsUnavailable = () =>
  new AppError(
    'conflict',
    'WHATSAPP_SECRETS_UNAVAILABLE',
    'O servidor não tem a chave para guardar os segredos do WhatsApp. Nada foi alterado.',
  );
const conversationNotFound = () => notFound('CONVERSATION_NOT_FOUND', 'Conversa não encontrada.');
const windowClosed = () =>
  new AppError(
    'conflict',
    'WHATSAPP_WINDOW_CLOSED',
    'Passaram 24 horas desde a última mensagem do cliente: o WhatsApp só permite responder com um modelo aprovado.',
  );
const notActive = () =>
  new AppError(
    'conflict',
    'WHATSAPP_NOT_ACTIVE',
    'O WhatsApp da loja não está ativo. Ative-o nas configurações.',
  );

const iso = (at: Date) => at.toISOString();
const languageOf = (value: string): Language => (value === 'en' ? 'en' : 'pt');

export interface WebhookResult {
  statusCode: number;
  body: unknown;
}

/** Whether the store's channel is on (the company call's `whatsapp_canal`). */
export async function whatsappChannelActive(db: DbExecutor, storeId: number): Promise<boolean> {
  const [row] = await db
    .select({ active: whatsappChannels.active, phoneNumberId: whatsappChannels.phoneNumberId })
    .from(whatsappChannels)
    .where(eq(whatsappChannels.storeId, storeId));
  return Boolean(row?.active && row.phoneNumberId);
}

export class WhatsappService {
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly deps: WhatsappDeps) {
    this.retryBaseMs = deps.retryBaseMs ?? 5_000;
    this.maxAttempts = deps.maxAttempts ?? 6;
  }

  // -------------------------------------------------------------------------------------------
  // The channel and its settings

  private open(row: repo.ChannelRow | undefined): Channel | null {
    if (!row) return null;
    let secrets: ChannelSecrets = {};
    if (row.secrets) {
      if (!this.deps.secretsKey) throw new SecretsKeyError('no key to open the WhatsApp secrets');
      secrets = openSecrets(this.deps.secretsKey, row.storeId, row.secrets) as ChannelSecrets;
    }
    return {
      storeId: row.storeId,
      active: row.active,
      phoneNumberId: row.phoneNumberId,
      displayNumber: row.displayNumber,
      token: secrets.token ?? null,
      appSecret: secrets.app_secret ?? null,
      verifyToken: secrets.verify_token ?? null,
      registered: row.registeredTemplates,
      graphUrl: row.graphUrl,
    };
  }

  /** The store's channel, opened; null when it has none or it cannot be opened. */
  private async channelOf(db: DbExecutor, storeId: number): Promise<Channel | null> {
    try {
      return this.open(await repo.findChannel(db, storeId));
    } catch (error) {
      if (error instanceof SecretsKeyError) {
        this.deps.log.error({ storeId }, 'the WhatsApp secrets do not open with PAYMENT_SECRETS_KEY');
        return null;
      }
      throw error;
    }
  }

  private baseUrlOf(channel: Channel): string | null {
    if (channel.graphUrl === STANDIN_GRAPH) return this.deps.standinUrl();
    return channel.graphUrl ?? GRAPH_API_URL;
  }

  /** A channel that can send: active, with its number id, token and an API to talk to. */
  private sender(channel: Channel | null) {
    if (!channel?.active || !channel.phoneNumberId || !channel.token) return null;
    const baseUrl = this.baseUrlOf(channel);
    if (!baseUrl) return null;
    return { baseUrl, phoneNumberId: channel.phoneNumberId, token: channel.token };
  }

  /** Whether the store's channel is active (the company call, the customer's screens). */
  async isActive(storeId: number): Promise<boolean> {
    const row = await repo.findChannel(this.deps.db, storeId);
    return Boolean(row?.active && row.phoneNumberId && row.secrets);
  }

  /** GET /staff/whatsapp/settings */
  async settings(staff: StaffPrincipal): Promise<WhatsappSettingsReply> {
    const { db } = this.deps;
    const row = await repo.findChannel(db, staff.storeId);
    const store = await repo.storeOf(db, staff.storeId);
    let secrets: ChannelSecrets = {};
    if (row?.secrets && this.deps.secretsKey) {
      try {
        secrets = openSecrets(this.deps.secretsKey, staff.storeId, row.secrets) as ChannelSecrets;
      } catch {
        secrets = {};
      }
    }
    const failures = await repo.recentFailures(db, staff.storeId);
    return {
      ativo: row?.active ?? false,
      phone_number_id: row?.phoneNumberId ?? null,
      numero_exibicao: row?.displayNumber ?? '',
      token_definido: Boolean(secrets.token),
      app_secret_definido: Boolean(secrets.app_secret),
      verify_token_definido: Boolean(secrets.verify_token),
      webhook_url: `${this.deps.publicOrigin(store?.slug ?? '')}${WEBHOOK_PATH}`,
      templates: templateList(row?.registeredTemplates ?? []),
      falhas_recentes: failures.map((failure) => ({
        em: iso(failure.at),
        telefone: failure.phone,
        template: failure.template,
        codigo: failure.code,
        mensagem: failure.message,
      })),
    };
  }

  /** PUT /staff/whatsapp/settings: checked, secrets sealed, written with its history entry. */
  async saveSettings(staff: StaffPrincipal, body: WhatsappSettingsRequest): Promise<WhatsappSettingsReply> {
    const { db, now, secretsKey } = this.deps;
    const phoneNumberId = body.phone_number_id?.trim() || null;
    if (phoneNumberId !== null && !/^\d{5,32}$/.test(phoneNumberId)) {
      throw settingsInvalid('phone_number_id', 'O identificador do número (phone number id) tem só dígitos.');
    }
    const unknown = body.templates_registrados.find((name) => !TEMPLATE_NAMES.includes(name));
    if (unknown !== undefined) {
      throw settingsInvalid('templates_registrados', `Modelo desconhecido: ${unknown}.`);
    }
    const given: ChannelSecrets = {};
    for (const field of ['token', 'app_secret', 'verify_token'] as const) {
      const value = body[field]?.trim();
      if (value) given[field] = value;
    }
    if (Object.keys(given).length > 0 && !secretsKey) throw secretsUnavailable();
    const at = now();
    await db.transaction(async (tx) => {
      const [store] = await tx
        .select({ menuVersion: stores.menuVersion })
        .from(stores)
        .where(eq(stores.id, staff.storeId))
        .for('update');
      if (!store) throw notFound('STORE_NOT_FOUND', 'Loja não encontrada.');
      const row = await repo.findChannel(tx, staff.storeId);
      let current: ChannelSecrets = {};
      if (row?.secrets) {
        if (!secretsKey) throw secretsUnavailable();
        try {
          current = openSecrets(secretsKey, staff.storeId, row.secrets) as ChannelSecrets;
        } catch {
          throw secretsUnavailable();
        }
      }
      const secrets = { ...current, ...given };
      if (body.ativo && (!phoneNumberId || !secrets.token || !secrets.app_secret || !secrets.verify_token)) {
        throw settingsInvalid(
          !phoneNumberId
            ? 'phone_number_id'
            : !secrets.token
              ? 'token'
              : !secrets.app_secret
                ? 'app_secret'
                : 'verify_token',
          'Para ativar, preencha o phone number id, o token, o app secret e o verify token.',
        );
      }
      if (phoneNumberId) {
        const [other] = await tx
          .select({ storeId: whatsappChannels.storeId })
          .from(whatsappChannels)
          .where(
            and(
              eq(whatsappChannels.phoneNumberId, phoneNumberId),
              sql`${whatsappChannels.storeId} <> ${staff.storeId}`,
            ),
          );
        if (other) throw settingsInvalid('phone_number_id', 'Este número já está ligado a outra loja.');
      }
      const registered = [...new Set(body.templates_registrados)].sort();
      const sealed =
        Object.keys(secrets).length > 0 && secretsKey
          ? sealSecrets(secretsKey, staff.storeId, secrets)
          : null;
      const view = (value: {
        active: boolean;
        phoneNumberId: string | null;
        displayNumber: string;
        secrets: ChannelSecrets;
        registered: string[];
      }) => ({
        ativo: value.active,
        phone_number_id: value.phoneNumberId,
        numero_exibicao: value.displayNumber,
        segredos_definidos: Object.keys(value.secrets).sort(),
        templates_registrados: value.registered,
      });
      const before = row
        ? view({
            active: row.active,
            phoneNumberId: row.phoneNumberId,
            displayNumber: row.displayNumber,
            secrets: current,
            registered: row.registeredTemplates,
          })
        : null;
      const after = view({
        active: body.ativo,
        phoneNumberId,
        displayNumber: body.numero_exibicao.trim(),
        secrets,
        registered,
      });
      const secretsChanged = Object.entries(given).some(
        ([field, value]) => current[field as keyof ChannelSecrets] !== value,
      );
      if (before && JSON.stringify(before) === JSON.stringify(after) && !secretsChanged) return;
      const values = {
        active: body.ativo,
        phoneNumberId,
        displayNumber: body.numero_exibicao.trim(),
        secrets: sealed,
        registeredTemplates: registered,
        updatedAt: at,
      };
      await tx
        .insert(whatsappChannels)
        .values({ storeId: staff.storeId, ...values })
        .onConflictDoUpdate({ target: whatsappChannels.storeId, set: values });
      await tx.insert(storeAuditLog).values({
        storeId: staff.storeId,
        staffId: staff.staffId,
        at,
        section: 'whatsapp',
        menuVersion: store.menuVersion,
        before: before ?? {},
        after,
      });
    });
    this.deps.companyChanged?.(staff.storeId);
    await this.registerWithStandin(staff.storeId);
    return this.settings(staff);
  }

  /**
   * Points a store's channel at the server's stand-in Graph API (the demo's Forno & Brasa, the
   * tests), active, with every template registered; the stand-in learns the account.
   */
  async useStandin(
    storeId: number,
    account: {
      phoneNumberId: string;
      displayNumber: string;
      token: string;
      appSecret: string;
      verifyToken: string;
    },
    registered: readonly string[] = TEMPLATE_NAMES,
  ): Promise<void> {
    const { db, now, secretsKey } = this.deps;
    if (!secretsKey) throw new SecretsKeyError('no key to seal the WhatsApp secrets');
    const values = {
      active: true,
      phoneNumberId: account.phoneNumberId,
      displayNumber: account.displayNumber,
      secrets: sealSecrets(secretsKey, storeId, {
        token: account.token,
        app_secret: account.appSecret,
        verify_token: account.verifyToken,
      }),
      registeredTemplates: [...registered],
      graphUrl: STANDIN_GRAPH,
      updatedAt: now(),
    };
    await db
      .insert(whatsappChannels)
      .values({ storeId, ...values })
      .onConflictDoUpdate({ target: whatsappChannels.storeId, set: values });
    this.deps.companyChanged?.(storeId);
    await this.registerWithStandin(storeId);
  }

  /** Tells the stand-in the accounts of every store set to it (at start: it may have restarted). */
  async registerStandinAccounts(): Promise<void> {
    const rows = await this.deps.db
      .select({ storeId: whatsappChannels.storeId })
      .from(whatsappChannels)
      .where(eq(whatsappChannels.graphUrl, STANDIN_GRAPH));
    for (const row of rows) await this.registerWithStandin(row.storeId);
  }

  private async registerWithStandin(storeId: number): Promise<void> {
    const url = this.deps.standinUrl();
    if (!url) return;
    const channel = await this.channelOf(this.deps.db, storeId);
    if (channel?.graphUrl !== STANDIN_GRAPH || !channel.phoneNumberId || !channel.token || !channel.appSecret)
      return;
    const store = await repo.storeOf(this.deps.db, storeId);
    if (!store) return;
    try {
      const response = await fetch(`${url.replace(/\/$/, '')}/simulator/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          phone_number_id: channel.phoneNumberId,
          display_phone_number: channel.displayNumber,
          name: store.nome,
          token: channel.token,
          app_secret: channel.appSecret,
          webhook_url: `${this.deps.publicOrigin(store.slug)}${WEBHOOK_PATH}`,
          templates: channel.registered,
          template_texts: Object.fromEntries(
            ALL_TEMPLATES.map((template) => [template.nome, template.texto]),
          ),
        }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok)
        this.deps.log.warn({ storeId, status: response.status }, 'the WhatsApp stand-in refused the account');
    } catch (error) {
      this.deps.log.warn({ storeId, err: error }, 'the WhatsApp stand-in could not be reached');
    }
  }

  // -------------------------------------------------------------------------------------------
  // The customer's consent (the LGPD log, consent_changes with purpose whatsapp_pedidos)

  /** GET /core/v2/app/customer/whatsapp */
  async customerSettings(principal: CustomerPrincipal): Promise<CustomerWhatsappReply> {
    return {
      disponivel: await this.isActive(principal.storeId),
      atualizacoes_pedido: await repo.whatsappConsent(this.deps.db, principal.storeId, principal.customerId),
    };
  }

  /** PUT /core/v2/app/customer/whatsapp */
  async setCustomerSettings(principal: CustomerPrincipal, value: boolean): Promise<CustomerWhatsappReply> {
    await this.setConsent(principal.storeId, principal.customerId, value, 'profile');
    return this.customerSettings(principal);
  }

  /** Records the consent's change (opt in at checkout or in the profile, opt out by a reply). */
  async setConsent(storeId: number, customerId: number, value: boolean, channel: string): Promise<boolean> {
    const at = this.deps.now();
    return this.deps.db.transaction((tx) =>
      repo.setWhatsappConsent(tx, { storeId, customerId, value, channel, at }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Order updates: queued in the status change's transaction, sent after its commit

  /**
   * The order tracking's status change step: queues the update the change means, once per order
   * and kind (racing moves of one order cannot queue it twice), for a customer who opted in at a
   * store with an active channel; consent, channel and template are checked again when it is sent.
   */
  readonly onStatusChange = async (
    tx: DbExecutor,
    change: { storeId: number; orderId: number; from: string; to: string; at: Date; reason?: string | null },
  ): Promise<void> => {
    await this.queueIfAgreed(tx, change.storeId, change.orderId, change.at, (savepoint) =>
      this.kindOfChange(savepoint, change).then((kind) =>
        kind ? { kind, detail: change.reason ?? null } : null,
      ),
    );
  };

  /** Dispatch's departure step: each order that left with a courier gets its "saiu para entrega". */
  readonly onDeparted = async (
    tx: DbExecutor,
    departure: { storeId: number; orderIds: readonly number[]; at: Date },
  ): Promise<void> => {
    for (const orderId of departure.orderIds) {
      await this.queueIfAgreed(tx, departure.storeId, orderId, departure.at, async () => ({
        kind: 'saiu_entrega',
        detail: null,
      }));
    }
  };

  /**
   * Queues an order's update, in a savepoint: whatever goes wrong here never undoes the order's own
   * change. Nothing for a store without WhatsApp or a customer who did not agree (both are checked
   * again when it is sent: a "parar" in between stops it).
   */
  private async queueIfAgreed(
    tx: DbExecutor,
    storeId: number,
    orderId: number,
    at: Date,
    updateOf: (savepoint: DbExecutor) => Promise<{ kind: OrderUpdateKind; detail: string | null } | null>,
  ): Promise<void> {
    try {
      await tx.transaction(async (savepoint) => {
        if (!(await whatsappChannelActive(savepoint, storeId))) return;
        const order = await repo.orderOf(savepoint, storeId, orderId);
        if (!order || !(await repo.whatsappConsent(savepoint, storeId, order.customerId))) return;
        const update = await updateOf(savepoint);
        if (update) await this.queueOrderUpdate(savepoint, storeId, orderId, update.kind, update.detail, at);
      });
    } catch (error) {
      this.deps.log.error({ err: error, orderId }, 'WhatsApp order update not queued');
    }
  }

  private async kindOfChange(
    tx: DbExecutor,
    change: { storeId: number; orderId: number; from: string; to: string },
  ): Promise<OrderUpdateKind | null> {
    if (change.to === 'Cancelado') return 'cancelado';
    if (change.from === 'Solicitado' && (change.to === 'Preparo' || change.to === 'Finalização'))
      return 'aceito';
    if (change.to === 'Concluido' || change.to === 'Entregue') {
      const order = await repo.orderOf(tx, change.storeId, change.orderId);
      if (!order || order.tipoEntrega === 'Vem comer') return null;
      if (change.to === 'Entregue') return 'entregue';
      if (order.tipoEntrega !== 'Entregar') return 'pronto_retirada';
      return (await this.deps.deliveriesLeaveByDispatch?.(tx, change.storeId)) ? null : 'saiu_entrega';
    }
    return null;
  }

  /**
   * The hook other code calls in its own transaction (a dispatch screen's "out for delivery", the
   * PIX charge about to expire): queues the order's update of that kind once. `detail` is the
   * cancel's reason or the PIX's deadline.
   */
  async queueOrderUpdate(
    tx: DbExecutor,
    storeId: number,
    orderId: number,
    kind: OrderUpdateKind,
    detail: string | null = null,
    at: Date = this.deps.now(),
  ): Promise<void> {
    await tx
      .insert(whatsappOutbox)
      .values({ storeId, orderId, kind, reason: detail, nextAt: at, createdAt: at })
      .onConflictDoNothing({ target: [whatsappOutbox.orderId, whatsappOutbox.kind] });
  }

  /** One pass of the worker: sends what is due; answers how many it handled. */
  async runOutbox(): Promise<number> {
    const { db, now } = this.deps;
    await this.queuePixReminders();
    const leased = await db.transaction((tx) => repo.leaseDueUpdates(tx, now(), 120_000));
    for (const row of leased) {
      try {
        await this.sendUpdate(row);
      } catch (error) {
        this.deps.log.error({ err: error, outboxId: row.id }, 'WhatsApp order update failed');
        await this.retryLater(row, 'ERRO_INTERNO', (error as Error).message, true);
      }
    }
    return leased.length;
  }

  /**
   * The PIX charges about to expire (PIX_REMINDER_MS before) get their reminder queued, once per
   * order (whether it goes out, consent and channel, is decided when it is sent).
   */
  private async queuePixReminders(): Promise<void> {
    const { db, now } = this.deps;
    const at = now();
    const due = await repo.pixChargesExpiringBefore(db, at, new Date(at.getTime() + PIX_REMINDER_MS));
    for (const charge of due) {
      const store = await repo.storeOf(db, charge.storeId);
      if (!store || !(await whatsappChannelActive(db, charge.storeId))) continue;
      await this.queueOrderUpdate(
        db,
        charge.storeId,
        charge.orderId,
        'pix_expirando',
        storeClockText(charge.expiresAt, store.timeZone),
        at,
      );
    }
  }

  private async finish(id: number, state: 'enviado' | 'falhou' | 'ignorado', lastError: string | null) {
    await this.deps.db.update(whatsappOutbox).set({ state, lastError }).where(eq(whatsappOutbox.id, id));
  }

  private async retryLater(
    row: typeof whatsappOutbox.$inferSelect,
    code: string,
    message: string,
    retryable: boolean,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    if (!retryable || attempts >= this.maxAttempts) {
      await this.deps.db
        .update(whatsappOutbox)
        .set({ state: 'falhou', attempts, lastError: `${code}: ${message}`.slice(0, 500) })
        .where(eq(whatsappOutbox.id, row.id));
      return;
    }
    const delay = this.retryBaseMs * 2 ** (attempts - 1);
    await this.deps.db
      .update(whatsappOutbox)
      .set({
        attempts,
        nextAt: new Date(this.deps.now().getTime() + delay),
        lastError: `${code}: ${message}`.slice(0, 500),
      })
      .where(eq(whatsappOutbox.id, row.id));
  }

  private async sendUpdate(row: typeof whatsappOutbox.$inferSelect): Promise<void> {
    const { db, now } = this.deps;
    const kind = row.kind as OrderUpdateKind;
    const template = ORDER_UPDATE_TEMPLATES[kind];
    const order = await repo.orderOf(db, row.storeId, row.orderId);
    const store = await repo.storeOf(db, row.storeId);
    if (!template || !order || !store)
      return this.finish(row.id, 'ignorado', 'pedido ou loja não encontrados');
    // Only to a customer who agreed, now (a "parar" after the change stops it).
    if (!(await repo.whatsappConsent(db, row.storeId, order.customerId))) {
      return this.finish(row.id, 'ignorado', 'cliente sem consentimento');
    }
    const channel = await this.channelOf(db, row.storeId);
    const account = this.sender(channel);
    if (!account || !channel) return this.finish(row.id, 'ignorado', 'canal inativo');
    const customer = await repo.customerOf(db, row.storeId, order.customerId);
    if (!customer) return this.finish(row.id, 'ignorado', 'cliente não encontrado');
    const phone = e164(customer.phoneCountry, customer.phone).replace(/\D/g, '');
    if (!channel.registered.includes(template.nome)) {
      await repo.recordFailure(db, {
        storeId: row.storeId,
        at: now(),
        phone,
        template: template.nome,
        code: 'TEMPLATE_NOT_REGISTERED',
        message: `O modelo ${template.nome} não está marcado como registrado.`,
      });
      return this.finish(row.id, 'falhou', 'modelo não registrado');
    }
    const link = `${this.deps.publicOrigin(store.slug)}/mobile/orders/${order.id}`;
    const number = String(order.numero ?? order.id);
    const values =
      kind === 'aceito'
        ? [store.nome, number, storeClockText(order.estimatedAt, store.timeZone), link]
        : kind === 'cancelado'
          ? [store.nome, number, row.reason?.trim() || '—', link]
          : kind === 'pix_expirando'
            ? [store.nome, number, row.reason ?? '', link]
            : [store.nome, number, link];
    const conversation = await db.transaction((tx) =>
      repo.conversationFor(tx, { storeId: row.storeId, phone, customerId: customer.id, at: now() }),
    );
    const language = templateLanguageOf(conversation.language === 'en' ? 'en' : 'pt_BR');
    const text = renderTemplate(template.nome, language, values);
    const messageId =
      row.messageId ?? (await this.addMessage(conversation.id, row.storeId, 'template', text, template.nome));
    if (!row.messageId) {
      await db.update(whatsappOutbox).set({ messageId }).where(eq(whatsappOutbox.id, row.id));
    }
    try {
      const wamid = await sendGraphMessage(account, phone, {
        type: 'template',
        name: template.nome,
        language,
        body: values,
      });
      await this.messageSent(messageId, wamid);
      await this.finish(row.id, 'enviado', null);
    } catch (error) {
      const failure = this.failureOf(error);
      await this.messageFailed(
        messageId,
        failure.code,
        failure.message,
        failure.retryable && row.attempts + 1 < this.maxAttempts,
      );
      await repo.recordFailure(db, {
        storeId: row.storeId,
        at: now(),
        phone,
        template: template.nome,
        code: String(failure.code),
        message: failure.message,
      });
      await this.retryLater({ ...row, messageId }, String(failure.code), failure.message, failure.retryable);
    }
  }

  private failureOf(error: unknown): { code: number; message: string; retryable: boolean } {
    if (error instanceof GraphError)
      return { code: error.code, message: error.message, retryable: error.retryable };
    return { code: 0, message: (error as Error).message ?? String(error), retryable: true };
  }

  private async addMessage(
    conversationId: number,
    storeId: number,
    kind: 'texto' | 'template' | 'automatica',
    body: string,
    template: string | null,
    staffId: number | null = null,
    db: DbExecutor = this.deps.db,
  ): Promise<number> {
    const at = this.deps.now();
    const [row] = await db
      .insert(whatsappMessages)
      .values({
        storeId,
        conversationId,
        direction: 'saida',
        kind,
        template,
        body,
        status: 'na_fila',
        staffId,
        at,
      })
      .returning({ id: whatsappMessages.id });
    // A code is not a conversation's news (the inbox leaves codes out).
    if (!repo.isCodeMessage(template)) {
      await db
        .update(whatsappConversations)
        .set({ lastText: body.slice(0, 200), lastAt: at })
        .where(eq(whatsappConversations.id, conversationId));
    }
    return row!.id;
  }

  private async messageSent(id: number, wamid: string) {
    await this.deps.db
      .update(whatsappMessages)
      .set({
        // A status webhook that came first (delivered, read) is kept.
        status: sql`case when ${whatsappMessages.status} in ('na_fila', 'falhou') then 'enviada' else ${whatsappMessages.status} end`,
        wamid,
        errorCode: null,
        errorMessage: null,
      })
      .where(eq(whatsappMessages.id, id));
  }

  /** A failed try: the message stays queued while it will be tried again. */
  private async messageFailed(id: number, code: number, message: string, willRetry: boolean) {
    await this.deps.db
      .update(whatsappMessages)
      .set({ status: willRetry ? 'na_fila' : 'falhou', errorCode: code, errorMessage: message.slice(0, 500) })
      .where(eq(whatsappMessages.id, id));
  }

  // -------------------------------------------------------------------------------------------
  // Codes by WhatsApp (the authentication template with its copy-code button)

  /** Whether codes of this store can go by WhatsApp: an active channel with the code template. */
  async codesAvailable(storeId: number): Promise<boolean> {
    const channel = await this.channelOf(this.deps.db, storeId);
    return Boolean(this.sender(channel) && channel?.registered.includes(CODE_TEMPLATE));
  }

  /** Sends a code; throws when it could not be handed to WhatsApp (the caller falls back to SMS). */
  async sendCode(storeId: number, phoneE164: string, code: string): Promise<void> {
    const { db, now } = this.deps;
    const channel = await this.channelOf(db, storeId);
    const account = this.sender(channel);
    if (!account || !channel?.registered.includes(CODE_TEMPLATE)) throw notActive();
    const phone = phoneE164.replace(/\D/g, '');
    const conversation = await db.transaction((tx) =>
      repo.conversationFor(tx, { storeId, phone, customerId: null, at: now() }),
    );
    const language = templateLanguageOf(conversation.language === 'en' ? 'en' : 'pt_BR');
    // Kept without the code: the inbox shows that a code went, never which.
    const shown = renderTemplate(CODE_TEMPLATE, language, [code.replace(/\d/g, '•')]);
    const messageId = await this.addMessage(conversation.id, storeId, 'template', shown, CODE_TEMPLATE);
    try {
      const wamid = await sendGraphMessage(account, phone, {
        type: 'template',
        name: CODE_TEMPLATE,
        language,
        body: [code],
        copyCode: code,
      });
      await this.messageSent(messageId, wamid);
    } catch (error) {
      const failure = this.failureOf(error);
      await this.messageFailed(messageId, failure.code, failure.message, false);
      await repo.recordFailure(db, {
        storeId,
        at: now(),
        phone,
        template: CODE_TEMPLATE,
        code: String(failure.code),
        message: failure.message,
      });
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The staff inbox

  /** A conversation as the inbox lists it: its last message that is not a code (`last`). */
  private conversationView(
    row: repo.ConversationRow,
    customerName: string | null,
    last: { body: string; direction: string; at: Date },
  ): WhatsappConversation {
    const closes = row.lastInboundAt ? row.lastInboundAt.getTime() + SERVICE_WINDOW_MS : null;
    return {
      id: row.id,
      telefone: `+${row.phone}`,
      cliente_nome: customerName ?? row.profileName,
      ultima_mensagem: last.body.slice(0, 200),
      ultima_direcao: last.direction === 'entrada' ? 'entrada' : 'saida',
      ultima_em: iso(last.at),
      janela_aberta_ate: closes && closes > this.deps.now().getTime() ? new Date(closes).toISOString() : null,
      nao_lidas: row.unread,
      precisa_atendente: row.needsPerson,
    };
  }

  /** GET /staff/whatsapp/conversations */
  async conversations(staff: StaffPrincipal): Promise<WhatsappConversationsReply> {
    const rows = await repo.listConversations(this.deps.db, staff.storeId);
    return {
      conversas: rows.map((row) => this.conversationView(row.conversation, row.customerName, row.last)),
    };
  }

  /** GET /staff/whatsapp/conversations/{id}: reading it marks it read. */
  async conversation(staff: StaffPrincipal, id: number): Promise<WhatsappConversationReply> {
    const { db } = this.deps;
    // A conversation of codes only is not one the staff sees.
    const [listed] = await repo.listConversations(db, staff.storeId, id);
    if (!listed) throw conversationNotFound();
    await db
      .update(whatsappConversations)
      .set({ unread: 0 })
      .where(and(eq(whatsappConversations.storeId, staff.storeId), eq(whatsappConversations.id, id)));
    const messages = await repo.messagesOf(db, staff.storeId, id);
    return {
      conversa: this.conversationView(
        { ...listed.conversation, unread: 0 },
        listed.customerName,
        listed.last,
      ),
      mensagens: messages.map((message) => this.messageView(message)),
    };
  }

  private messageView(message: repo.MessageRow): WhatsappMessage {
    return {
      id: message.id,
      direcao: message.direction === 'entrada' ? 'entrada' : 'saida',
      tipo: message.kind as WhatsappMessage['tipo'],
      texto: message.body,
      status: message.status as WhatsappMessageStatus,
      erro:
        message.errorCode !== null || message.errorMessage
          ? { codigo: String(message.errorCode ?? ''), mensagem: message.errorMessage ?? '' }
          : null,
      em: iso(message.at),
    };
  }

  /** POST /staff/whatsapp/conversations/{id}/messages: free text within the window (409 outside). */
  async reply(staff: StaffPrincipal, id: number, text: string): Promise<WhatsappMessage> {
    const { db, now } = this.deps;
    const row = await repo.findConversation(db, staff.storeId, id);
    if (!row) throw conversationNotFound();
    if (!row.lastInboundAt || row.lastInboundAt.getTime() + SERVICE_WINDOW_MS <= now().getTime())
      throw windowClosed();
    const account = this.sender(await this.channelOf(db, staff.storeId));
    if (!account) throw notActive();
    const body = text.trim();
    const messageId = await this.addMessage(row.id, staff.storeId, 'texto', body, null, staff.staffId);
    await db
      .update(whatsappConversations)
      .set({ needsPerson: false, unread: 0 })
      .where(eq(whatsappConversations.id, row.id));
    try {
      await this.messageSent(
        messageId,
        await sendGraphMessage(account, row.phone, { type: 'text', text: body }),
      );
    } catch (error) {
      const failure = this.failureOf(error);
      await this.messageFailed(messageId, failure.code, failure.message, false);
      await repo.recordFailure(db, {
        storeId: staff.storeId,
        at: now(),
        phone: row.phone,
        code: String(failure.code),
        message: failure.message,
      });
      if (failure.code === 131047) throw windowClosed();
    }
    const [message] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, messageId));
    return this.messageView(message!);
  }

  // -------------------------------------------------------------------------------------------
  // The webhook

  /** GET /integracoes/whatsapp/webhook: Meta's verification handshake with the store's verify token. */
  async verifyWebhook(storeId: number | null, query: Record<string, string>): Promise<WebhookResult> {
    const refuse = {
      statusCode: 403,
      body: { detail: 'Verificação recusada.', code: 'WEBHOOK_VERIFY_REFUSED' },
    };
    if (storeId === null) return refuse;
    const channel = await this.channelOf(this.deps.db, storeId);
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      !channel?.verifyToken ||
      !token ||
      typeof challenge !== 'string'
    ) {
      return refuse;
    }
    const a = Buffer.from(token);
    const b = Buffer.from(channel.verifyToken);
    if (a.length !== b.length || !a.equals(b)) return refuse;
    return { statusCode: 200, body: challenge };
  }

  /**
   * POST /integracoes/whatsapp/webhook: the signature over the raw body with the app secret of the
   * store's channel named by the payload's phone number id. Refusals are recorded; never a 5xx.
   */
  async webhook(
    storeId: number | null,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<WebhookResult> {
    const { db, now } = this.deps;
    const refuse = async (statusCode: number, code: string, message: string) => {
      if (storeId !== null) await repo.recordFailure(db, { storeId, at: now(), code, message });
      return { statusCode, body: { detail: message, code } };
    };
    if (storeId === null)
      return { statusCode: 404, body: { detail: 'Loja não encontrada.', code: 'STORE_NOT_FOUND' } };
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return refuse(400, 'WEBHOOK_INVALID', 'O corpo do webhook não é JSON.');
    }
    const read = readWebhook(payload);
    if (!read) return refuse(400, 'WEBHOOK_INVALID', 'O webhook não é de uma conta do WhatsApp Business.');
    const channel = await this.channelOf(db, storeId);
    const unknownId = read.phoneNumberIds.find((id) => id !== channel?.phoneNumberId);
    if (!channel?.phoneNumberId || unknownId !== undefined) {
      return refuse(404, 'UNKNOWN_PHONE_NUMBER_ID', `Número desconhecido nesta loja: ${unknownId ?? '—'}.`);
    }
    if (!channel.appSecret || !hubSignatureMatches(channel.appSecret, rawBody, signature)) {
      return refuse(401, 'BAD_SIGNATURE', 'Assinatura X-Hub-Signature-256 inválida.');
    }
    for (const status of read.statuses) await this.recordStatus(storeId, status);
    if (channel.active) {
      for (const message of read.inbound) await this.receive(channel, message);
    }
    return { statusCode: 200, body: { success: true } };
  }

  private async recordStatus(storeId: number, status: WebhookStatus) {
    const { db, now } = this.deps;
    const next = STATUS_OF_WEBHOOK[status.status];
    if (!next) return;
    // A status may overtake the send's own answer (the wamid is written once Meta answered): the
    // message is looked for again for a moment before the status is let go.
    let message: repo.MessageRow | undefined;
    for (let attempt = 0; attempt < 8 && !message; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      [message] = await db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.storeId, storeId), eq(whatsappMessages.wamid, status.wamid)));
    }
    if (!message) return;
    const current = message.status as WhatsappMessageStatus;
    // Statuses may arrive out of order: only forward (read after delivered, never back).
    if (next !== 'falhou' && STATUS_RANK[next] <= STATUS_RANK[current]) return;
    if (current === 'falhou') return;
    await db
      .update(whatsappMessages)
      .set({
        status: next,
        ...(status.error
          ? { errorCode: status.error.code, errorMessage: status.error.message.slice(0, 500) }
          : {}),
      })
      .where(eq(whatsappMessages.id, message.id));
    if (next === 'falhou') {
      await repo.recordFailure(db, {
        storeId,
        at: now(),
        phone: status.recipient,
        template: message.template,
        code: String(status.error?.code ?? 'failed'),
        message: status.error?.message ?? 'Mensagem não entregue.',
      });
    }
  }

  /** An inbound message: recorded (once per wamid), then answered by the store or flagged for a person. */
  private async receive(
    channel: Channel,
    message: { from: string; wamid: string; profileName: string | null; text: string; at: Date },
  ): Promise<void> {
    const { db, now, events } = this.deps;
    const storeId = channel.storeId;
    const at = now();
    const customer = await repo.customerByWaId(db, storeId, message.from);
    const intent = intentOf(message.text);
    const received = await db.transaction(async (tx) => {
      const conversation = await repo.conversationFor(tx, {
        storeId,
        phone: message.from,
        customerId: customer?.id ?? null,
        at,
      });
      const [inserted] = await tx
        .insert(whatsappMessages)
        .values({
          storeId,
          conversationId: conversation.id,
          direction: 'entrada',
          kind: 'texto',
          body: message.text,
          status: 'entregue',
          wamid: message.wamid,
          at,
        })
        .onConflictDoNothing()
        .returning({ id: whatsappMessages.id });
      if (!inserted) return null;
      const language = guessLanguage(message.text, languageOf(conversation.language));
      const needsPerson = intent === 'person';
      await tx
        .update(whatsappConversations)
        .set({
          lastInboundAt: at,
          lastText: message.text.slice(0, 200),
          lastAt: at,
          language,
          profileName: message.profileName ?? conversation.profileName,
          customerId: conversation.customerId ?? customer?.id ?? null,
          unread: sql`${whatsappConversations.unread} + 1`,
          ...(needsPerson ? { needsPerson: true } : {}),
        })
        .where(eq(whatsappConversations.id, conversation.id));
      // The store's "someone will answer" is written before the inbox hears of the question, so it
      // cannot reach the customer after an attendant's answer.
      const personAnswerId =
        needsPerson && !conversation.needsPerson && this.sender(channel)
          ? await this.addMessage(
              conversation.id,
              storeId,
              'automatica',
              personText(language),
              null,
              null,
              tx,
            )
          : null;
      if (needsPerson) {
        const event: WhatsappStaffEvent = {
          conversa_id: conversation.id,
          telefone: `+${message.from}`,
          cliente_nome: customer?.nome ?? message.profileName,
          texto: message.text.slice(0, 200),
          em: iso(at),
        };
        await events.publishStaff(tx, { storeId, name: WHATSAPP_STAFF_EVENT, data: event });
      }
      return { conversation, language, alreadyWaiting: conversation.needsPerson, personAnswerId };
    });
    if (!received) return;
    if (intent === 'stop' && customer) {
      await this.setConsent(storeId, customer.id, false, 'whatsapp');
    }
    const answer =
      received.personAnswerId !== null
        ? personText(received.language)
        : await this.answerFor(
            channel,
            intent,
            received.language,
            customer?.id ?? null,
            received.alreadyWaiting,
          );
    if (!answer) return;
    const account = this.sender(channel);
    if (!account) return;
    const messageId =
      received.personAnswerId ??
      (await this.addMessage(received.conversation.id, storeId, 'automatica', answer, null));
    try {
      await this.messageSent(
        messageId,
        await sendGraphMessage(account, message.from, { type: 'text', text: answer }),
      );
    } catch (error) {
      const failure = this.failureOf(error);
      await this.messageFailed(messageId, failure.code, failure.message, false);
      await repo.recordFailure(db, {
        storeId,
        at: now(),
        phone: message.from,
        code: String(failure.code),
        message: failure.message,
      });
    }
  }

  private async answerFor(
    channel: Channel,
    intent: ReturnType<typeof intentOf>,
    language: Language,
    customerId: number | null,
    alreadyWaiting: boolean,
  ): Promise<string | null> {
    const { db } = this.deps;
    const store = await repo.storeOf(db, channel.storeId);
    if (!store) return null;
    const origin = this.deps.publicOrigin(store.slug);
    switch (intent) {
      case 'stop':
        return stopText(language);
      case 'menu':
        return menuText(store.nome, origin, language);
      case 'hours': {
        const rows = await db.select().from(openingHours).where(eq(openingHours.storeId, channel.storeId));
        const shifts: Shift[] = rows.map((row) => ({
          dia_semana: row.diaSemana,
          turno: row.turno === 2 ? 2 : 1,
          hr_inicio: row.hrInicio,
          hr_fim: row.hrFim,
        }));
        return hoursText(store.nome, shifts, language);
      }
      case 'status': {
        const order = customerId ? await repo.lastOrderOf(db, channel.storeId, customerId) : undefined;
        return statusText(order, (id) => `${origin}/mobile/orders/${id}`, store.timeZone, origin, language);
      }
      default:
        return alreadyWaiting ? null : personText(language);
    }
  }
}
