import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import https from 'node:https';
import { centavosFromDecimalReais, centavosToDecimalReais } from '@comanda/domain';
import {
  type ChargeState,
  type ListedCharge,
  type NotificationInput,
  NotificationRefused,
  type PixCharge,
  type PixChargeRequest,
  type PixProvider,
  ProviderError,
  RefundPending,
  RefundRefused,
  type VerifiedNotification,
  type WebhookRegistration,
} from './provider.ts';

/*
 * A store's bank PSP through the central bank's API Pix standard (github.com/bacen/pix-api,
 * OpenAPI 2.9.0), as Efí, Inter, Sicoob, Itaú and Banco do Brasil implement it: OAuth2 client
 * credentials, every call over mutual TLS with the certificate the PSP issued to the store.
 *
 * Calls: PUT /cob/{txid} (our reference is the txid), GET /cob/{txid}, PATCH /cob/{txid} with
 * status REMOVIDA_PELO_USUARIO_RECEBEDOR, PUT /pix/{e2eid}/devolucao/{id}, PUT /webhook/{chave},
 * and for reconciliation GET /cob and GET /pix over a period, page by page.
 *
 * Notifications: the PSP posts `{pix: [...]}` to `{webhookUrl}/pix`, a literal append to the URL
 * registered (openapi.yaml 2.9.0, callbacks.listaPix, line 2048), so the URL may carry nothing
 * after its path: a `?token=` would end up as `?token=SECRET/pix`. The standard authenticates the
 * PSP by mutual TLS towards the merchant, which our server cannot check behind its HTTP listener,
 * so the URL we register carries a per-store secret as its last path segment
 * (`…/notifications/apipix/<token>`), and a notification is only a hint: the service reads the
 * cob back before it moves anything.
 */

export interface ApiPixConfig {
  /** The API's base with its major version, e.g. `https://pix.api.efipay.com.br/v2`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate and key (PEM) the PSP issued to the store. */
  certPem: string;
  keyPem: string;
  /** The CA of the PSP's server certificate when it is not a public one; null: the system's. */
  caPem: string | null;
  /** The store's PIX key the charges are paid to (the cob's `chave`). */
  pixKey: string;
  /** The secret the webhook URL carries as its last path segment. */
  webhookToken: string;
  /** Told what each webhook registration came to, so the store's owner can see a refusal. */
  onWebhookRegistration?: (outcome: WebhookRegistration) => void | Promise<void>;
  now?: () => Date;
  /**
   * The token endpoint, when it is not `/oauth/token` at the base URL's origin (Efí's and the
   * standard's example); Inter, for one, has it at `/oauth/v2/token`.
   */
  tokenUrl?: string;
  timeoutMs?: number;
}

/** Our txids (the reference of PixChargeRequest). */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** A Pix's txid as a callback may carry it: 1 to 35 (openapi.yaml 2.9.0, Pix.txid, line 8100). */
const NOTIFIED_TXID = /^[a-zA-Z0-9]{1,35}$/;
const E2EID = /^[a-zA-Z0-9]{32}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const MONEY = /^\d{1,10}\.\d{2}$/;
/** CobBase: solicitacaoPagador fills the pacs.008's RemittanceInformation, 140 characters at most. */
const SOLICITACAO_MAX = 140;
const MAX_ANSWER_BYTES = 1_000_000;
/** Event ids longer than this are hashed, so a callback batching many Pix still fits a column. */
const EVENT_ID_MAX = 200;
/** Items per page asked of GET /cob and GET /pix (the standard's maximum is 1000). */
const PAGE_SIZE = 100;
/** A listing that pages on past this is not believed (a PSP that never reports the last page). */
const MAX_PAGES = 1000;

/** The standard's money ("12.90", two places, at most ten digits before them) to centavos, else null. */
function fromDecimal(text: unknown): number | null {
  return typeof text === 'string' && MONEY.test(text) ? centavosFromDecimalReais(text) : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

interface Answer {
  status: number;
  text: string;
}

interface DevolucaoAnswer {
  id?: unknown;
  valor?: unknown;
  status?: unknown;
  motivo?: unknown;
}

interface PixAnswer {
  endToEndId?: unknown;
  txid?: unknown;
  valor?: unknown;
  horario?: unknown;
  devolucoes?: unknown;
}

interface CobAnswer {
  txid: string;
  chave?: unknown;
  status: string;
  calendario?: { criacao?: unknown; expiracao?: unknown };
  valor?: { original?: unknown };
  pixCopiaECola?: unknown;
  pix?: unknown;
}

/** The devoluções of a Pix entry; the OpenAPI's own webhook example shows a single object. */
function devolucoesOf(pix: PixAnswer): DevolucaoAnswer[] {
  if (Array.isArray(pix.devolucoes)) return pix.devolucoes.filter(isObject);
  return isObject(pix.devolucoes) ? [pix.devolucoes] : [];
}

function pixEntries(cob: CobAnswer): PixAnswer[] {
  return Array.isArray(cob.pix) ? cob.pix.filter(isObject) : [];
}

export class ApiPixProvider implements PixProvider {
  readonly kind = 'apipix' as const;
  readonly refunds = true;
  readonly notifies = true;
  private readonly agent: https.Agent;
  private readonly now: () => Date;
  private readonly tokenUrl: string;
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  private token: { value: string; renewAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private registeredWebhook: string | null = null;

  constructor(private readonly config: ApiPixConfig) {
    this.now = config.now ?? (() => new Date());
    this.apiUrl = config.baseUrl.replace(/\/+$/, '');
    this.tokenUrl = config.tokenUrl ?? `${new URL(config.baseUrl).origin}/oauth/token`;
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.agent = new https.Agent({
      keepAlive: true,
      minVersion: 'TLSv1.2',
      // A store not configured with its certificate yet still reaches the PSP, which refuses the
      // handshake: the error names the cause.
      ...(config.certPem && config.keyPem ? { cert: config.certPem, key: config.keyPem } : {}),
      ...(config.caPem ? { ca: config.caPem } : {}),
    });
  }

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    if (!TXID.test(request.reference)) {
      throw new RangeError('an API Pix txid is 26 to 35 letters and digits');
    }
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      throw new RangeError('a PIX charge is a positive whole number of centavos');
    }
    if (!Number.isInteger(request.expiresInSeconds) || request.expiresInSeconds <= 0) {
      throw new RangeError('a cob expires a positive whole number of seconds after its creation');
    }
    await this.registerWebhook(request.notificationUrl);
    const original = centavosToDecimalReais(request.amount);
    const description = [...request.description].slice(0, SOLICITACAO_MAX).join('');
    const answer = await this.api('PUT', `/cob/${request.reference}`, {
      calendario: { expiracao: request.expiresInSeconds },
      valor: { original },
      chave: this.config.pixKey,
      ...(description ? { solicitacaoPagador: description } : {}),
    });
    // 201 creates it; a PSP answers an existing cob the same body left unchanged with 200.
    if (answer.status !== 201 && answer.status !== 200) throw this.refusal(answer, 'PUT /cob');
    const cob = this.readCob(answer, 'PUT /cob');
    if (cob.txid !== request.reference || cob.valor?.original !== original) {
      throw new ProviderError(
        `API Pix: PUT /cob answered another charge than the one asked for`,
        answer.status,
      );
    }
    if (typeof cob.pixCopiaECola !== 'string' || cob.pixCopiaECola.length === 0) {
      throw new ProviderError('API Pix: PUT /cob answered no pixCopiaECola', answer.status);
    }
    return {
      providerRef: cob.txid,
      copyPaste: cob.pixCopiaECola,
      qrPngBase64: null,
      expiresAt: this.expiryOf(cob) ?? new Date(this.now().getTime() + request.expiresInSeconds * 1000),
    };
  }

  async getCharge(providerRef: string): Promise<ChargeState> {
    return this.stateOf(await this.readCharge(providerRef));
  }

  async cancelCharge(providerRef: string): Promise<ChargeState> {
    const answer = await this.api('PATCH', `/cob/${encodeURIComponent(providerRef)}`, {
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
    if (answer.status === 200) return this.stateOf(this.readCob(answer, 'PATCH /cob'));
    if (answer.status === 400) {
      // The standard refuses to alter a cob that is no longer ATIVA: a payment (or a removal)
      // came first, and the cob as it stands is the answer.
      const state = await this.getCharge(providerRef);
      if (state.status !== 'pending') return state;
    }
    throw this.refusal(answer, 'PATCH /cob');
  }

  async refund(providerRef: string, amount: number, reference: string): Promise<void> {
    if (!DEVOLUCAO_ID.test(reference)) {
      throw new RangeError('an API Pix devolução id is 1 to 35 letters and digits');
    }
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new RangeError('a refund is a positive whole number of centavos');
    }
    const cob = await this.readCharge(providerRef);
    const pix = pixEntries(cob).find(
      (entry) => typeof entry.endToEndId === 'string' && E2EID.test(entry.endToEndId),
    );
    if (cob.status !== 'CONCLUIDA' || !pix) {
      throw new ProviderError(`API Pix: cob ${providerRef} has no Pix to give back (${cob.status})`);
    }
    const path = `/pix/${pix.endToEndId as string}/devolucao/${reference}`;
    const valor = centavosToDecimalReais(amount);
    const answer = await this.api('PUT', path, { valor });
    if (answer.status === 201 || answer.status === 200) {
      this.checkDevolucao(this.readJson(answer, 'PUT /devolucao'), reference);
      return;
    }
    if (answer.status === 400) {
      // The standard refuses an id used before; when it is this same refund, it was made.
      const earlier = await this.api('GET', path);
      if (earlier.status === 200) {
        const devolucao = this.readJson(earlier, 'GET /devolucao');
        if (fromDecimal(devolucao.valor) === amount) {
          this.checkDevolucao(devolucao, reference);
          return;
        }
      }
    }
    throw this.refusal(answer, 'PUT /devolucao');
  }

  /**
   * The callback proves nothing by itself (see above): it must carry the store's token, and its
   * `{pix: [...]}` names which cobs to read again and what each claims was paid.
   */
  verifyNotification(input: NotificationInput, _now: Date): VerifiedNotification {
    // The path's token; `?token=` is what URLs registered before the path form carried.
    const token = input.pathToken ?? input.query.token;
    if (!token || !sameSecret(token, this.config.webhookToken)) {
      throw new NotificationRefused('API Pix: the webhook token is missing or wrong');
    }
    let body: unknown;
    try {
      body = JSON.parse(input.rawBody.toString('utf8'));
    } catch {
      throw new NotificationRefused('API Pix: the notification is not JSON');
    }
    if (!isObject(body)) throw new NotificationRefused('API Pix: the notification is not a JSON object');
    if (body.pix === undefined) {
      // A PSP checks the URL as it registers it (Efí posts a body without `pix`, e.g.
      // {"evento":"teste_webhook"}) and registers it only when answered 2xx: nothing to read.
      const digest = createHash('sha256').update(input.rawBody).digest('hex').slice(0, 32);
      return { eventId: `probe:${digest}`, providerRefs: [], claimedAmounts: new Map() };
    }
    if (!Array.isArray(body.pix))
      throw new NotificationRefused('API Pix: the notification is not {pix: [...]}');
    const keys: string[] = [];
    const claimedAmounts = new Map<string, number>();
    for (const entry of body.pix as unknown[]) {
      const pix = isObject(entry) ? (entry as PixAnswer) : {};
      const amount = fromDecimal(pix.valor);
      if (typeof pix.endToEndId !== 'string' || !E2EID.test(pix.endToEndId)) {
        throw new NotificationRefused('API Pix: a Pix without its endToEndId');
      }
      if (amount === null) throw new NotificationRefused('API Pix: a Pix whose valor is not a decimal');
      if (pix.txid !== undefined && (typeof pix.txid !== 'string' || !NOTIFIED_TXID.test(pix.txid))) {
        throw new NotificationRefused('API Pix: a Pix whose txid is not 1 to 35 letters and digits');
      }
      // The PSP groups the Pix of one key in a callback: a txid that cannot be one of ours (a
      // shorter one, of the store's other charges on the same key) is another's, named nowhere.
      if (typeof pix.txid !== 'string' || !TXID.test(pix.txid)) continue;
      claimedAmounts.set(pix.txid, (claimedAmounts.get(pix.txid) ?? 0) + amount);
      // A devolução's callback repeats its Pix: its ids and statuses make it an event of its own.
      const devolucoes = devolucoesOf(pix)
        .map((devolucao) => `${String(devolucao.id)}=${String(devolucao.status)}`)
        .sort();
      keys.push([pix.endToEndId, ...devolucoes].join(':'));
    }
    // A callback of none of ours still gets an id of its own, so its deliveries dedupe.
    const joined =
      keys.sort().join(',') ||
      `none:${createHash('sha256').update(input.rawBody).digest('hex').slice(0, 32)}`;
    return {
      eventId:
        joined.length > EVENT_ID_MAX ? `sha256:${createHash('sha256').update(joined).digest('hex')}` : joined,
      providerRefs: [...claimedAmounts.keys()],
      claimedAmounts,
    };
  }

  /** Closes the kept-alive connections (a store's configuration changed, or the server stops). */
  destroy(): void {
    this.agent.destroy();
  }

  private stateOf(cob: CobAnswer): ChargeState {
    const state = (
      status: ChargeState['status'],
      detail: string,
      paidAmount: number | null = null,
      paidAt: Date | null = null,
    ) => ({ status, paidAmount, paidAt, detail }) satisfies ChargeState;
    switch (cob.status) {
      case 'ATIVA': {
        // The record stays ATIVA after its expiry at a PSP that does not remove expired cobs
        // (the standard allows both); nobody can pay it any more.
        const expiry = this.expiryOf(cob);
        return expiry && this.now() >= expiry
          ? state('expired', 'ATIVA, past its expiry')
          : state('pending', 'ATIVA');
      }
      case 'CONCLUIDA': {
        const entries = pixEntries(cob);
        const amounts = entries.map((entry) => fromDecimal(entry.valor));
        if (amounts.some((amount) => amount === null)) {
          throw new ProviderError(`API Pix: cob ${cob.txid} has a Pix whose valor is not a decimal`, 200);
        }
        // A cob takes one payment; a PSP that leaves the list out was paid the original value.
        const paidAmount =
          entries.length > 0
            ? (amounts as number[]).reduce((sum, amount) => sum + amount, 0)
            : fromDecimal(cob.valor?.original);
        const times = entries.map((entry) => Date.parse(String(entry.horario))).filter(Number.isFinite);
        const paidAt = times.length > 0 ? new Date(Math.min(...times)) : null;
        const returned = entries
          .flatMap(devolucoesOf)
          .filter((devolucao) => devolucao.status === 'DEVOLVIDO')
          .reduce((sum, devolucao) => sum + (fromDecimal(devolucao.valor) ?? 0), 0);
        return returned > 0
          ? state('refunded', `CONCLUIDA, ${centavosToDecimalReais(returned)} devolvido`, paidAmount, paidAt)
          : state('paid', 'CONCLUIDA', paidAmount, paidAt);
      }
      // The enum says REMOVIDA_…; the standard's own description spells it REMOVIDO_….
      case 'REMOVIDA_PELO_USUARIO_RECEBEDOR':
      case 'REMOVIDO_PELO_USUARIO_RECEBEDOR':
        return state('canceled', cob.status);
      case 'REMOVIDA_PELO_PSP':
      case 'REMOVIDO_PELO_PSP':
        return state('expired', cob.status);
      default:
        throw new ProviderError(
          `API Pix: cob ${cob.txid} has an unknown status ${cob.status.slice(0, 40)}`,
          200,
        );
    }
  }

  private expiryOf(cob: CobAnswer): Date | null {
    const created = Date.parse(String(cob.calendario?.criacao));
    const seconds = cob.calendario?.expiracao;
    if (!Number.isFinite(created) || typeof seconds !== 'number') return null;
    return new Date(created + seconds * 1000);
  }

  /**
   * A devolução is done only once DEVOLVIDO (openapi.yaml 2.9.0, Devolucao.status, line 8492):
   * EM_PROCESSAMENTO is asked again later (the same id answers it), NAO_REALIZADO is final.
   */
  private checkDevolucao(devolucao: DevolucaoAnswer, reference: string): void {
    const motivo = typeof devolucao.motivo === 'string' ? `: ${devolucao.motivo.slice(0, 140)}` : '';
    switch (devolucao.status) {
      case 'DEVOLVIDO':
        return;
      case 'EM_PROCESSAMENTO':
        throw new RefundPending(`API Pix: devolução ${reference} EM_PROCESSAMENTO`);
      case 'NAO_REALIZADO':
        throw new RefundRefused(`API Pix: devolução ${reference} NAO_REALIZADO${motivo}`);
      default:
        throw new ProviderError(
          `API Pix: devolução ${reference} has an unknown status ${String(devolucao.status).slice(0, 40)}`,
        );
    }
  }

  private async readCharge(providerRef: string): Promise<CobAnswer> {
    const answer = await this.api('GET', `/cob/${encodeURIComponent(providerRef)}`);
    if (answer.status !== 200) throw this.refusal(answer, 'GET /cob');
    return this.readCob(answer, 'GET /cob');
  }

  private readCob(answer: Answer, call: string): CobAnswer {
    const cob = this.readJson(answer, call);
    if (typeof cob.txid !== 'string' || typeof cob.status !== 'string') {
      throw new ProviderError(`API Pix: ${call} answered no cob`, answer.status);
    }
    return cob as unknown as CobAnswer;
  }

  private readJson(answer: Answer, call: string): Record<string, unknown> {
    try {
      const body: unknown = JSON.parse(answer.text);
      if (isObject(body)) return body;
    } catch {
      // Reported below.
    }
    throw new ProviderError(`API Pix: ${call} answered something other than a JSON object`, answer.status);
  }

  /** The PSP's refusal in its words: the problem's type and detail (RFC 7807), or OAuth's error. */
  private refusal(answer: Answer, call: string): ProviderError {
    let reason = '';
    try {
      const body = JSON.parse(answer.text) as Record<string, unknown>;
      const type = typeof body.type === 'string' ? body.type.split('/').pop() : undefined;
      const words = [body.detail, body.title, body.error].find((value) => typeof value === 'string');
      reason = [type, words].filter(Boolean).join(': ');
    } catch {
      // No JSON body: the status says it all.
    }
    return new ProviderError(
      `API Pix: ${call} answered ${answer.status}${reason ? ` (${reason.slice(0, 200)})` : ''}`,
      answer.status,
    );
  }

  /**
   * Points the PSP's callbacks for the store's key at our notification URL (its token in the
   * path), once per URL. The charge goes on whatever the answer (the storefront's poll and the
   * reconciliation read the cob anyway), but the answer is reported: a refusal is the store's to
   * see and fix at its PSP. A failure is asked again with the next charge.
   */
  async registerWebhook(notificationUrl: string): Promise<WebhookRegistration> {
    const url = new URL(notificationUrl);
    if (url.search || url.hash) {
      // `{webhookUrl}/pix` is appended as text: a query would swallow it.
      throw new RangeError('an API Pix webhook URL carries nothing after its path');
    }
    const webhookUrl = url.toString().replace(/\/+$/, '');
    const shown = webhookUrl.split(this.config.webhookToken).join('…');
    if (this.registeredWebhook === webhookUrl) {
      return { ok: true, url: shown, detail: null, at: this.now() };
    }
    let outcome: WebhookRegistration;
    try {
      const answer = await this.api(
        'PUT',
        `/webhook/${encodeURIComponent(this.config.pixKey)}`,
        { webhookUrl },
        // Efí checks at registration that the URL demands its client certificate, unless told to
        // skip it; our server authenticates the callback by the token instead.
        { 'x-skip-mtls-checking': 'true' },
      );
      const ok = answer.status >= 200 && answer.status < 300;
      if (ok) this.registeredWebhook = webhookUrl;
      outcome = {
        ok,
        url: shown,
        detail: ok ? null : this.refusal(answer, 'PUT /webhook').message,
        at: this.now(),
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      outcome = { ok: false, url: shown, detail: error.message, at: this.now() };
    }
    await this.config.onWebhookRegistration?.(outcome);
    return outcome;
  }

  /**
   * The cobs created in the period (GET /cob), with what their Pix paid and the devoluções done
   * (GET /pix over the same period: a Pix is received after its cob is created, so that listing
   * runs to now), each followed page by page.
   */
  async listCharges(period: { from: Date; to: Date }): Promise<ListedCharge[]> {
    const cobs = await this.pages('/cob', 'cobs', period);
    const paid = await this.pages('/pix', 'pix', { from: period.from, to: this.now() });
    const pixByTxid = new Map<string, PixAnswer[]>();
    for (const pix of paid as PixAnswer[]) {
      if (typeof pix.txid !== 'string') continue;
      pixByTxid.set(pix.txid, [...(pixByTxid.get(pix.txid) ?? []), pix]);
    }
    const listed: ListedCharge[] = [];
    for (const item of cobs) {
      if (typeof item.txid !== 'string' || typeof item.status !== 'string') {
        throw new ProviderError('API Pix: GET /cob listed a cob without its txid or status', 200);
      }
      // Only this integration's charges: the key's cobs created by other systems have other txids.
      if (!TXID.test(item.txid) || (item.chave !== undefined && item.chave !== this.config.pixKey)) continue;
      const cob = item as unknown as CobAnswer;
      const entries = pixEntries(cob).length > 0 ? pixEntries(cob) : (pixByTxid.get(cob.txid) ?? []);
      const state = this.stateOf({ ...cob, pix: entries });
      const amount = fromDecimal(cob.valor?.original);
      const created = Date.parse(String(cob.calendario?.criacao));
      if (amount === null || !Number.isFinite(created)) {
        throw new ProviderError(`API Pix: GET /cob listed cob ${cob.txid} without its valor or criacao`, 200);
      }
      // The standard's fim is inclusive; the period's end is not.
      if (created < period.from.getTime() || created >= period.to.getTime()) continue;
      listed.push({
        providerRef: cob.txid,
        reference: cob.txid,
        status: state.status,
        amount,
        paidAmount: state.paidAmount,
        refundedAmount: entries
          .flatMap(devolucoesOf)
          .filter((devolucao) => devolucao.status === 'DEVOLVIDO')
          .reduce((sum, devolucao) => sum + (fromDecimal(devolucao.valor) ?? 0), 0),
        createdAt: new Date(created),
      });
    }
    return listed;
  }

  /** A listing's items over every page (`paginacao.paginaAtual` from 0 to quantidadeDePaginas - 1). */
  private async pages(
    path: '/cob' | '/pix',
    field: 'cobs' | 'pix',
    period: { from: Date; to: Date },
  ): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        inicio: period.from.toISOString(),
        fim: period.to.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(PAGE_SIZE),
      });
      const answer = await this.api('GET', `${path}?${query}`);
      if (answer.status !== 200) throw this.refusal(answer, `GET ${path}`);
      const body = this.readJson(answer, `GET ${path}`);
      const list = body[field];
      const parametros = isObject(body.parametros) ? body.parametros : {};
      const paginacao = isObject(parametros.paginacao) ? parametros.paginacao : {};
      if (!Array.isArray(list) || typeof paginacao.quantidadeDePaginas !== 'number') {
        throw new ProviderError(
          `API Pix: GET ${path} answered no ${field} with its paginacao`,
          answer.status,
        );
      }
      items.push(...list.filter(isObject));
      if (page + 1 >= paginacao.quantidadeDePaginas) return items;
    }
    throw new ProviderError(`API Pix: GET ${path} answered more than ${MAX_PAGES} pages`);
  }

  /** A call with the bearer token; one fresh token and one more try if the PSP forgot it. */
  private async api(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const attempt = async () => {
      const token = await this.accessToken();
      const answer = await this.send(
        method,
        `${this.apiUrl}${path}`,
        {
          ...headers,
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload,
      );
      return { answer, token };
    };
    const first = await attempt();
    if (first.answer.status !== 401) return first.answer;
    if (this.token?.value === first.token) this.token = null;
    return (await attempt()).answer;
  }

  /** RFC 6749 4.4; kept until a minute (or a tenth of its life) before it expires. */
  private accessToken(): Promise<string> {
    if (this.token && this.now().getTime() < this.token.renewAt) return Promise.resolve(this.token.value);
    // Calls that need a token at once share one token call.
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const credentials = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const answer = await this.send(
      'POST',
      this.tokenUrl,
      { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (answer.status !== 200) throw this.refusal(answer, 'POST /oauth/token');
    const body = this.readJson(answer, 'POST /oauth/token');
    if (typeof body.access_token !== 'string' || !/^bearer$/i.test(String(body.token_type))) {
      throw new ProviderError('API Pix: the token call answered no bearer token', answer.status);
    }
    // expires_in is only RECOMMENDED (RFC 6749 5.1): without it, five minutes, and a 401 renews.
    const lifeMs =
      (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300) * 1000;
    this.token = {
      value: body.access_token,
      renewAt: this.now().getTime() + lifeMs - Math.min(60_000, lifeMs / 10),
    };
    return body.access_token;
  }

  private send(
    method: string,
    url: string,
    headers: Record<string, string>,
    payload?: string,
  ): Promise<Answer> {
    const call = `${method} ${new URL(url).pathname}`;
    return new Promise((resolve, reject) => {
      const fail = (error: Error & { code?: string }) =>
        reject(new ProviderError(`API Pix: ${call} failed (${error.code ?? error.message})`));
      let request: ClientRequest;
      try {
        request = https.request(
          url,
          {
            method,
            agent: this.agent,
            timeout: this.timeoutMs,
            headers: {
              ...headers,
              accept: 'application/json',
              ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_ANSWER_BYTES) response.destroy(new Error('answer too large'));
              else chunks.push(chunk);
            });
            response.on('error', fail);
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
            );
          },
        );
      } catch (error) {
        // A certificate or key that is not PEM fails as the connection is set up.
        fail(error as Error);
        return;
      }
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      request.on('error', fail);
      request.end(payload);
    });
  }
}
