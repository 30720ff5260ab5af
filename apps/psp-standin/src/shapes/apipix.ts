import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildBrCode, centavosFromDecimalReais, centavosToDecimalReais } from '@comanda/domain';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { StandinCharge, StandinChargeEvent } from '../charges.ts';
import type { StandinAccounts, StandinContext, StandinShapeModule } from '../context.ts';
import type { OutgoingNotification } from '../notifier.ts';
import { type ApiPixPki, createApiPixPki } from './apipix-pki.ts';

/*
 * The central bank's API Pix (github.com/bacen/pix-api, OpenAPI 2.9.0) as a bank PSP serves it:
 * OAuth2 client credentials on a listener that demands a client certificate of its own CA (mutual
 * TLS), immediate charges (`/cob/{txid}`), refunds (`/pix/{e2eid}/devolucao/{id}`) and the
 * per-key webhook whose callback is `POST <webhookUrl>/pix` with `{pix: [...]}`. The calls sit
 * under `/v2`, the API's major version, as the standard's paths are published; the token call is
 * at `/oauth/token` (the standard's example token URL; Efí's layout too).
 *
 * Statuses: a cob is ATIVA until paid (CONCLUIDA) or removed, by the merchant
 * (REMOVIDA_PELO_USUARIO_RECEBEDOR) or by the PSP (REMOVIDA_PELO_PSP). The standard lets a PSP
 * keep an expired cob ATIVA or remove it; this one removes it once its expiry has passed.
 *
 * The simulator's `fail` has no status of its own here: a payer's attempt that fails (no funds,
 * their bank refuses, they give up) never reaches the receiving PSP, so the cob stays ATIVA and
 * nothing is notified. The ledger keeps it failed so the simulator stops offering to pay it; the
 * API answers ATIVA until the expiry and REMOVIDA_PELO_PSP after it, like any unpaid cob.
 *
 * Revisions and removals of a failed cob change the ledger's charge in place (its extra data,
 * amount, description, expiry): the ledger writes them to its file with its next change.
 *
 * Devoluções go through the SPI as at a real PSP: EM_PROCESSAMENTO for `devolucoes.settleAfterMs`
 * after the request (0: settled at once), then DEVOLVIDO, or NAO_REALIZADO when the payer's bank
 * refuses them (`devolucoes.refuse`); both knobs are the stand-in's (`apiPixDevolucoes`). A
 * devolução reaches its final status when anyone next calls the API; the charge moves to refunded
 * only when DEVOLVIDO, and the callback tells either final status (openapi.yaml, callbacks.listaPix).
 *
 * Lists: GET /cob and GET /pix over [inicio, fim], page by page (`paginacao.paginaAtual`, from 0).
 */

const ERROR_TYPE = 'https://pix.bcb.gov.br/api/v2/error/';
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const E2EID = /^[a-zA-Z0-9]{32}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const MONEY = /^\d{1,10}\.\d{2}$/;
const TOKEN_SECONDS = 3600;
const SCOPES = 'cob.write cob.read pix.write pix.read webhook.write webhook.read';
/** CobExpiracao's default when `calendario.expiracao` is absent: a day. */
const DEFAULT_EXPIRY_SECONDS = 86_400;

type ApiPixAccount = StandinAccounts['apipix'][number];
type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: 'ORIGINAL';
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
  /** The stand-in's own: when the SPI answers (not sent; stripped from replies). */
  settlesAt?: string;
  /** The stand-in's own: the final status the SPI will give. */
  outcome?: 'DEVOLVIDO' | 'NAO_REALIZADO';
}

/** How the SPI treats the devoluções asked from now on. */
export interface DevolucaoBehaviour {
  /** How long a devolução stays EM_PROCESSAMENTO; 0 settles it in the request itself. */
  settleAfterMs: number;
  /** The payer's bank refuses them: NAO_REALIZADO. */
  refuse: boolean;
}

/** What an API Pix charge keeps beside the ledger's fields (`StandinCharge.extra`). */
interface CobExtra {
  revisao: number;
  locId: number;
  location: string;
  chave: string;
  expiracao: number;
  modalidadeAlteracao?: number;
  devedor?: Record<string, unknown>;
  infoAdicionais?: { nome: string; valor: string }[];
  /** When the merchant removed a cob the ledger holds as failed (still ATIVA for the API). */
  removidaEm?: string;
  devolucoes: Devolucao[];
}

/** Per stand-in: several run side by side in one test process. */
interface ApiPixState {
  tokens: Map<string, { clientId: string; expiresAt: number }>;
  /** Set by `PUT /webhook/{chave}`; otherwise the account's `webhookUrl` is used. */
  webhooks: Map<string, { webhookUrl: string; criacao: string }>;
  nextLocId: number;
  devolucoes: DevolucaoBehaviour;
}

const states = new WeakMap<StandinContext, ApiPixState>();

function stateOf(context: StandinContext): ApiPixState {
  let state = states.get(context);
  if (!state) {
    state = {
      tokens: new Map(),
      webhooks: new Map(),
      nextLocId: 1,
      devolucoes: { settleAfterMs: 0, refuse: false },
    };
    states.set(context, state);
  }
  return state;
}

const extraOf = (charge: StandinCharge) => charge.extra as unknown as CobExtra;

/** The standard's money ("12.90", two places, at most ten digits before them) to centavos, else null. */
function fromDecimal(text: unknown): number | null {
  return typeof text === 'string' && MONEY.test(text) ? centavosFromDecimalReais(text) : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Compares secrets in constant time whatever their lengths. */
function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}

/** The standard's error body: RFC 7807 with `type` under pix.bcb.gov.br/api/v2/error/. */
function problem(
  reply: FastifyReply,
  status: number,
  type: string,
  title: string,
  detail: string,
  violacoes?: Violacao[],
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ type: `${ERROR_TYPE}${type}`, title, status, detail, ...(violacoes ? { violacoes } : {}) });
}

function cobStatus(charge: StandinCharge, now: Date): CobStatus {
  switch (charge.status) {
    case 'pending':
      return 'ATIVA';
    case 'paid':
    case 'refunded':
      return 'CONCLUIDA';
    case 'expired':
      return 'REMOVIDA_PELO_PSP';
    case 'canceled':
      return 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    case 'failed':
      if (extraOf(charge).removidaEm) return 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      return now.getTime() > Date.parse(charge.expiresAt) ? 'REMOVIDA_PELO_PSP' : 'ATIVA';
  }
}

/** A devolução as the API answers it (the stand-in's own fields left out). */
function devolucaoView(devolucao: Devolucao) {
  const { settlesAt: _settlesAt, outcome: _outcome, ...view } = devolucao;
  return view;
}

/** The `Pix` entry of a paid charge, as GET /cob, GET /pix and the webhook carry it. */
function pixOf(charge: StandinCharge) {
  const extra = extraOf(charge);
  return {
    endToEndId: charge.endToEndId!,
    txid: charge.providerRef,
    valor: centavosToDecimalReais(charge.paidAmount ?? charge.amount),
    chave: extra.chave,
    horario: charge.paidAt!,
    ...(extra.devolucoes.length > 0 ? { devolucoes: extra.devolucoes.map(devolucaoView) } : {}),
  };
}

/** The callback of a Pix received, or of one of its devoluções reaching a final status. */
function callbackOf(context: StandinContext, charge: StandinCharge): OutgoingNotification | null {
  const account = context.accounts.apipix.find((candidate) => candidate.clientId === charge.account);
  const webhookUrl = account ? webhookOf(context, account) : null;
  if (!webhookUrl || !charge.endToEndId) return null;
  return {
    url: callbackUrl(webhookUrl),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pix: [pixOf(charge)] }),
  };
}

/**
 * The SPI's answer to the devoluções whose time has come: DEVOLVIDO moves the charge to refunded
 * (the ledger announces it, and the callback goes with it); NAO_REALIZADO leaves it paid, and its
 * callback is sent here.
 */
function settleDevolucoes(context: StandinContext, account: ApiPixAccount): void {
  const now = context.now().getTime();
  for (const charge of context.book.list()) {
    if (charge.shape !== 'apipix' || charge.account !== account.clientId) continue;
    for (const devolucao of extraOf(charge).devolucoes) {
      if (devolucao.status !== 'EM_PROCESSAMENTO' || Date.parse(devolucao.settlesAt ?? '') > now) continue;
      finishDevolucao(context, charge, devolucao);
    }
  }
}

function finishDevolucao(context: StandinContext, charge: StandinCharge, devolucao: Devolucao): void {
  const at = context.now().toISOString();
  devolucao.status = devolucao.outcome ?? 'DEVOLVIDO';
  if (devolucao.status === 'DEVOLVIDO') {
    devolucao.horario.liquidacao = at;
    if (
      !context.book.move(charge.id, 'refunded', {
        amount: fromDecimal(devolucao.valor)!,
        reason: `devolucao ${devolucao.id}`,
      })
    ) {
      devolucao.status = 'NAO_REALIZADO';
      devolucao.motivo = 'O Pix não admite devolução.';
    } else return;
  } else {
    devolucao.motivo = 'Conta do pagador encerrada.';
  }
  context.book.touch();
  const callback = callbackOf(context, charge);
  if (callback) context.notifier.send(callback);
}

/** CobGerada (after PUT and PATCH) or, with its Pix, CobCompleta (GET). */
function cobOf(charge: StandinCharge, now: Date, complete: boolean) {
  const extra = extraOf(charge);
  return {
    calendario: { criacao: charge.createdAt, expiracao: extra.expiracao },
    txid: charge.providerRef,
    revisao: extra.revisao,
    // CobGerada's loc requires its txid too (openapi.yaml 2.9.0, line 7476).
    loc: {
      id: extra.locId,
      txid: charge.providerRef,
      location: extra.location,
      tipoCob: 'cob',
      criacao: charge.createdAt,
    },
    location: extra.location,
    status: cobStatus(charge, now),
    ...(extra.devedor ? { devedor: extra.devedor } : {}),
    valor: {
      original: centavosToDecimalReais(charge.amount),
      ...(extra.modalidadeAlteracao === undefined ? {} : { modalidadeAlteracao: extra.modalidadeAlteracao }),
    },
    chave: extra.chave,
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
    ...(extra.infoAdicionais ? { infoAdicionais: extra.infoAdicionais } : {}),
    pixCopiaECola: charge.copyPaste,
    ...(complete && charge.endToEndId ? { pix: [pixOf(charge)] } : {}),
  };
}

/** The fields of a cob request (CobSolicitada for PUT, CobRevisada for PATCH) that passed. */
interface CobFields {
  expiracao?: number;
  amount?: number;
  chave?: string;
  solicitacaoPagador?: string;
  modalidadeAlteracao?: number;
  devedor?: Record<string, unknown>;
  infoAdicionais?: { nome: string; valor: string }[];
  locId?: number;
}

/** Reads a cob body against the OpenAPI's schema and CobOperacaoInvalida's listed violations. */
function readCob(
  body: Record<string, unknown>,
  account: ApiPixAccount,
  required: boolean,
): { fields: CobFields; violacoes: Violacao[] } {
  const violacoes: Violacao[] = [];
  const fields: CobFields = {};
  const bad = (propriedade: string, razao: string) => violacoes.push({ propriedade, razao });

  if (body.calendario !== undefined) {
    if (!isObject(body.calendario)) bad('cob.calendario', 'O objeto cob.calendario não respeita o schema.');
    else if (body.calendario.expiracao !== undefined) {
      const expiracao = body.calendario.expiracao;
      if (!Number.isInteger(expiracao) || (expiracao as number) <= 0 || (expiracao as number) > 2 ** 31 - 1) {
        bad('cob.calendario.expiracao', 'O campo cob.calendario.expiracao é igual ou menor que zero.');
      } else fields.expiracao = expiracao as number;
    }
  } else if (required) bad('cob.calendario', 'O objeto cob.calendario é obrigatório.');

  if (body.valor !== undefined) {
    if (!isObject(body.valor)) bad('cob.valor', 'O objeto cob.valor não respeita o schema.');
    else {
      const amount = fromDecimal(body.valor.original);
      if (amount === null && (required || body.valor.original !== undefined)) {
        bad('cob.valor.original', 'O campo cob.valor.original não respeita o schema.');
      } else if (amount === 0) bad('cob.valor.original', 'O campo cob.valor.original é zero.');
      else if (amount !== null) fields.amount = amount;
      const modalidade = body.valor.modalidadeAlteracao;
      if (modalidade !== undefined) {
        if (modalidade !== 0 && modalidade !== 1) {
          bad(
            'cob.valor.modalidadeAlteracao',
            'O campo cob.valor.modalidadeAlteracao não respeita o schema.',
          );
        } else fields.modalidadeAlteracao = modalidade;
      }
    }
  } else if (required) bad('cob.valor', 'O objeto cob.valor é obrigatório.');

  if (body.chave !== undefined) {
    if (typeof body.chave !== 'string' || body.chave.length === 0 || body.chave.length > 77) {
      bad('cob.chave', 'O campo cob.chave não respeita o schema.');
    } else if (body.chave !== account.pixKey) {
      bad(
        'cob.chave',
        'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
      );
    } else fields.chave = body.chave;
  } else if (required) bad('cob.chave', 'O campo cob.chave é obrigatório.');

  if (body.solicitacaoPagador !== undefined) {
    if (typeof body.solicitacaoPagador !== 'string' || [...body.solicitacaoPagador].length > 140) {
      bad('cob.solicitacaoPagador', 'O campo solicitacaoPagador não respeita o schema.');
    } else fields.solicitacaoPagador = body.solicitacaoPagador;
  }

  if (body.devedor !== undefined) {
    const devedor = body.devedor;
    const valid =
      isObject(devedor) &&
      !(devedor.cpf !== undefined && devedor.cnpj !== undefined) &&
      (devedor.nome === undefined || devedor.cpf !== undefined || devedor.cnpj !== undefined);
    if (!valid) bad('cob.devedor', 'O objeto cob.devedor não respeita o schema.');
    else fields.devedor = devedor;
  }

  if (body.infoAdicionais !== undefined) {
    const list = body.infoAdicionais;
    const valid =
      Array.isArray(list) &&
      list.length <= 50 &&
      list.every(
        (item) =>
          isObject(item) &&
          typeof item.nome === 'string' &&
          item.nome.length <= 50 &&
          typeof item.valor === 'string' &&
          item.valor.length <= 200,
      );
    if (!valid) bad('cob.infoAdicionais', 'O objeto infoAdicionais não respeita o schema.');
    else fields.infoAdicionais = list as { nome: string; valor: string }[];
  }

  // The stand-in has no /loc calls: the only location that exists is the one it gave the cob.
  if (body.loc !== undefined) {
    if (!isObject(body.loc) || !Number.isInteger(body.loc.id)) {
      bad('cob.loc.id', 'O location referenciado por loc.id inexiste.');
    } else fields.locId = body.loc.id as number;
  }
  return { fields, violacoes };
}

function invalidCob(reply: FastifyReply, detail: string, violacoes?: Violacao[]) {
  return problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail, violacoes);
}

const INVALID_COB_DETAIL =
  'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.';

function brCode(context: StandinContext, location: string, amount: number): string {
  return buildBrCode({
    location,
    amount,
    merchantName: context.merchant.name,
    merchantCity: context.merchant.city,
  });
}

/**
 * Applies a revision to an ATIVA cob; answers whether anything changed (Revisao: the revision
 * grows by one whenever a field of the cob changes, `loc` excepted).
 */
function revise(charge: StandinCharge, fields: CobFields, context: StandinContext): boolean {
  const extra = extraOf(charge);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  let changed = false;
  if (fields.amount !== undefined && fields.amount !== charge.amount) {
    charge.amount = fields.amount;
    charge.copyPaste = brCode(context, extra.location, fields.amount);
    changed = true;
  }
  if (fields.expiracao !== undefined && fields.expiracao !== extra.expiracao) {
    extra.expiracao = fields.expiracao;
    charge.expiresAt = new Date(Date.parse(charge.createdAt) + fields.expiracao * 1000).toISOString();
    changed = true;
  }
  if (fields.solicitacaoPagador !== undefined && fields.solicitacaoPagador !== charge.description) {
    charge.description = fields.solicitacaoPagador;
    changed = true;
  }
  const optional = ['modalidadeAlteracao', 'devedor', 'infoAdicionais'] as const;
  for (const key of optional) {
    if (fields[key] !== undefined && !same(fields[key], extra[key])) {
      (extra as unknown as Record<string, unknown>)[key] = fields[key];
      changed = true;
    }
  }
  if (changed) extra.revisao += 1;
  return changed;
}

type Authorized = { account: ApiPixAccount } | null;

/** RFC 6750: the other calls take the token as `Authorization: Bearer`, 401 otherwise. */
function authorize(request: FastifyRequest, reply: FastifyReply, context: StandinContext): Authorized {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/i.exec(header);
  const entry = match ? stateOf(context).tokens.get(match[1]!) : undefined;
  const account =
    entry && entry.expiresAt > context.now().getTime()
      ? context.accounts.apipix.find((candidate) => candidate.clientId === entry.clientId)
      : undefined;
  if (account) {
    settleDevolucoes(context, account);
    return { account };
  }
  void reply
    .code(401)
    .header(
      'www-authenticate',
      match ? 'Bearer realm="api-pix", error="invalid_token"' : 'Bearer realm="api-pix"',
    )
    .send({ error: 'invalid_token', error_description: 'a valid bearer token is required' });
  return null;
}

/** RFC 6749 4.4: client credentials, the client authenticated by HTTP Basic. */
function issueToken(request: FastifyRequest, reply: FastifyReply, context: StandinContext) {
  const header = request.headers.authorization ?? '';
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header);
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const clientId = colon > 0 ? decoded.slice(0, colon) : '';
  const secret = colon > 0 ? decoded.slice(colon + 1) : '';
  const account = context.accounts.apipix.find((candidate) => candidate.clientId === clientId);
  // The secret is compared even for an unknown client id, so timing does not tell ids apart.
  const secretHolds = sameSecret(secret, account?.clientSecret ?? randomBytes(16).toString('hex'));
  if (!account || !secretHolds) {
    return reply
      .code(401)
      .header('www-authenticate', 'Basic realm="api-pix"')
      .send({ error: 'invalid_client', error_description: 'client authentication failed' });
  }
  const body = isObject(request.body) ? request.body : {};
  if (body.grant_type === undefined) {
    return reply.code(400).send({ error: 'invalid_request', error_description: 'grant_type is required' });
  }
  if (body.grant_type !== 'client_credentials') {
    return reply.code(400).send({ error: 'unsupported_grant_type' });
  }
  const state = stateOf(context);
  const now = context.now().getTime();
  for (const [token, entry] of state.tokens) if (entry.expiresAt <= now) state.tokens.delete(token);
  const accessToken = randomBytes(32).toString('base64url');
  state.tokens.set(accessToken, { clientId: account.clientId, expiresAt: now + TOKEN_SECONDS * 1000 });
  // RFC 6749 5.1: a token answer is never cached.
  return reply
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_SECONDS, scope: SCOPES });
}

function findCob(context: StandinContext, account: ApiPixAccount, txid: string): StandinCharge | undefined {
  return TXID.test(txid) ? context.book.findByReference('apipix', account.clientId, txid) : undefined;
}

function cobNotFound(reply: FastifyReply) {
  return problem(
    reply,
    404,
    'CobNaoEncontrado',
    'Cobrança não encontrada.',
    'Cobrança não encontrada para o txid informado.',
  );
}

/** A paid charge of this account by its end-to-end id. */
function findPix(context: StandinContext, account: ApiPixAccount, e2eid: string): StandinCharge | undefined {
  if (!E2EID.test(e2eid)) return undefined;
  return context.book
    .list()
    .find(
      (charge) =>
        charge.shape === 'apipix' && charge.account === account.clientId && charge.endToEndId === e2eid,
    );
}

function webhookOf(context: StandinContext, account: ApiPixAccount): string | null {
  return stateOf(context).webhooks.get(account.pixKey)?.webhookUrl ?? account.webhookUrl ?? null;
}

/**
 * The standard's callback is `{webhookUrl}/pix` (openapi.yaml 2.9.0, callbacks.listaPix, line
 * 2048): `/pix` appended to the registered text as it is, whatever that text ends with.
 */
function callbackUrl(webhookUrl: string): string {
  return `${webhookUrl}/pix`;
}

function createTlsApp(pki: ApiPixPki) {
  const app = Fastify({
    logger: false,
    https: {
      key: pki.serverKeyPem,
      cert: pki.serverCertPem,
      ca: pki.caPem,
      // The handshake itself refuses a client without a certificate of this CA.
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
  });
  // RFC 6749 sends the token request as a form; some PSPs (Efí) take JSON, and so does this one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      return problem(
        reply,
        500,
        'ErroInternoDoServidor',
        'Erro interno do servidor.',
        'Condição inesperada.',
      );
    }
    return problem(reply, status, 'RequisicaoInvalida', 'Requisição inválida.', error.message);
  });
  app.setNotFoundHandler((_request, reply) =>
    problem(reply, 404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.'),
  );
  return app;
}

type TlsApp = ReturnType<typeof createTlsApp>;

/** Immediate charges: create (or revise) by PUT, read by GET, revise or remove by PATCH. */
function registerCobCalls(app: TlsApp, context: StandinContext): void {
  app.put<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const { txid } = request.params;
    if (!TXID.test(txid)) {
      return invalidCob(reply, INVALID_COB_DETAIL, [
        { propriedade: 'txid', razao: 'O txid deve ter de 26 a 35 letras e dígitos.', valor: txid },
      ]);
    }
    const body = isObject(request.body) ? request.body : {};
    const { fields, violacoes } = readCob(body, auth.account, true);
    const existing = context.book.findByReference('apipix', auth.account.clientId, txid);
    if (fields.locId !== undefined && fields.locId !== (existing ? extraOf(existing).locId : undefined)) {
      violacoes.push({ propriedade: 'cob.loc.id', razao: 'O location referenciado por loc.id inexiste.' });
    }
    if (violacoes.length > 0) return invalidCob(reply, INVALID_COB_DETAIL, violacoes);
    const now = context.now();

    if (existing) {
      // The standard: a PUT may alter an existing cob only while it is ATIVA. The same body
      // again alters nothing, so a retried creation answers the cob as it stands.
      const active = cobStatus(existing, now) === 'ATIVA';
      const extra = extraOf(existing);
      const unchanged =
        fields.amount === existing.amount &&
        (fields.expiracao ?? DEFAULT_EXPIRY_SECONDS) === extra.expiracao &&
        (fields.solicitacaoPagador ?? '') === existing.description &&
        JSON.stringify([fields.modalidadeAlteracao, fields.devedor, fields.infoAdicionais]) ===
          JSON.stringify([extra.modalidadeAlteracao, extra.devedor, extra.infoAdicionais]);
      if (unchanged) return reply.code(200).send(cobOf(existing, now, false));
      if (!active) {
        return invalidCob(
          reply,
          'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.',
        );
      }
      // PUT replaces the cob: what the body leaves out goes back to the schema's defaults.
      revise(
        existing,
        {
          ...fields,
          expiracao: fields.expiracao ?? DEFAULT_EXPIRY_SECONDS,
          solicitacaoPagador: fields.solicitacaoPagador ?? '',
        },
        context,
      );
      return reply.code(200).send(cobOf(existing, now, false));
    }

    const state = stateOf(context);
    const expiracao = fields.expiracao ?? DEFAULT_EXPIRY_SECONDS;
    // A location is a URL without its scheme (the BR Code's field 26.25), on the stand-in's host.
    const location = `${new URL(context.baseUrl()).host}/apipix/qr/v2/${randomBytes(16).toString('hex')}`;
    const extra: CobExtra = {
      revisao: 0,
      locId: state.nextLocId++,
      location,
      chave: fields.chave!,
      expiracao,
      ...(fields.modalidadeAlteracao === undefined
        ? {}
        : { modalidadeAlteracao: fields.modalidadeAlteracao }),
      ...(fields.devedor ? { devedor: fields.devedor } : {}),
      ...(fields.infoAdicionais ? { infoAdicionais: fields.infoAdicionais } : {}),
      devolucoes: [],
    };
    const charge = context.book.create({
      shape: 'apipix',
      account: auth.account.clientId,
      providerRef: txid,
      reference: txid,
      amount: fields.amount!,
      description: fields.solicitacaoPagador ?? '',
      copyPaste: brCode(context, location, fields.amount!),
      expiresAt: new Date(now.getTime() + expiracao * 1000).toISOString(),
      notificationUrl: null,
      extra: extra as unknown as Record<string, unknown>,
    });
    return reply.code(201).send(cobOf(charge, now, false));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/v2/cob', async (request, reply) => {
    const listing = authorizedListing(request, reply, context);
    if (!listing) return reply;
    const { auth, query } = listing;
    const status = request.query.status;
    const now = context.now();
    const created = accountCharges(context, auth.account).filter((charge) => {
      const at = Date.parse(charge.createdAt);
      return (
        at >= query.inicio && at <= query.fim && (status === undefined || cobStatus(charge, now) === status)
      );
    });
    const { parametros, items } = listPage(created, query);
    return { parametros, cobs: items.map((charge) => cobOf(charge, now, true)) };
  });

  app.get<{ Params: { txid: string }; Querystring: { revisao?: string } }>(
    '/v2/cob/:txid',
    async (request, reply) => {
      const auth = authorize(request, reply, context);
      if (!auth) return reply;
      const charge = findCob(context, auth.account, request.params.txid);
      if (!charge) return cobNotFound(reply);
      const { revisao } = request.query;
      // Only the current revision is kept; one that never existed is the standard's error.
      if (revisao !== undefined && !(/^\d+$/.test(revisao) && Number(revisao) <= extraOf(charge).revisao)) {
        return problem(
          reply,
          400,
          'CobConsultaInvalida',
          'Consulta inválida.',
          'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança.',
        );
      }
      return cobOf(charge, context.now(), true);
    },
  );

  app.patch<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const charge = findCob(context, auth.account, request.params.txid);
    if (!charge) return cobNotFound(reply);
    const body = isObject(request.body) ? request.body : {};
    const { fields, violacoes } = readCob(body, auth.account, false);
    const extra = extraOf(charge);
    if (fields.locId !== undefined && fields.locId !== extra.locId) {
      violacoes.push({ propriedade: 'cob.loc.id', razao: 'O location referenciado por loc.id inexiste.' });
    }
    const removal = body.status !== undefined;
    if (removal && body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      violacoes.push({ propriedade: 'cob.status', razao: 'O campo cob.status não respeita o _schema_.' });
    }
    if (violacoes.length > 0) return invalidCob(reply, INVALID_COB_DETAIL, violacoes);
    const now = context.now();
    if (cobStatus(charge, now) !== 'ATIVA') {
      return invalidCob(reply, 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.');
    }
    if (removal) {
      const others = Object.keys(body).filter((key) => key !== 'status' && key !== 'loc');
      if (others.length > 0) {
        return invalidCob(
          reply,
          'A cobrança está ATIVA, e a presente requisição propõe removê-la juntamente com outras alterações.',
        );
      }
      if (charge.status === 'failed') {
        extra.removidaEm = now.toISOString();
        extra.revisao += 1;
      } else {
        // Written before the move, so the ledger saves the revision with the removal.
        extra.revisao += 1;
        if (!context.book.move(charge.id, 'canceled', { reason: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })) {
          extra.revisao -= 1;
          return invalidCob(reply, 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.');
        }
      }
      return cobOf(charge, now, false);
    }
    revise(charge, fields, context);
    return cobOf(charge, now, false);
  });
}

/** How the SPI treats the devoluções asked from now on (the stand-in's knob). */
export function setDevolucaoBehaviour(context: StandinContext, behaviour: Partial<DevolucaoBehaviour>): void {
  const state = stateOf(context);
  state.devolucoes = { ...state.devolucoes, ...behaviour };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A listing's period and page (the standard's `inicio`, `fim`, `paginacao.paginaAtual`,
 * `paginacao.itensPorPagina`), or the violations that make it invalid.
 */
function listQuery(query: Record<string, string | undefined>) {
  const violacoes: Violacao[] = [];
  const date = (name: 'inicio' | 'fim') => {
    const value = query[name];
    if (value === undefined || !RFC3339.test(value) || Number.isNaN(Date.parse(value))) {
      violacoes.push({ propriedade: name, razao: `O parâmetro ${name} não respeita o _schema_.` });
      return 0;
    }
    return Date.parse(value);
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const value = query[name];
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      violacoes.push({ propriedade: name, razao: `O parâmetro ${name} não respeita o _schema_.` });
      return fallback;
    }
    return Number(value);
  };
  const inicio = date('inicio');
  const fim = date('fim');
  if (violacoes.length === 0 && inicio > fim) {
    violacoes.push({
      propriedade: 'fim',
      razao:
        'O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.',
    });
  }
  const paginaAtual = integer('paginacao.paginaAtual', 0, 0, 2 ** 31 - 1);
  const itensPorPagina = integer('paginacao.itensPorPagina', 100, 1, 1000);
  return { inicio, fim, paginaAtual, itensPorPagina, violacoes };
}

/** One page of a listing with the standard's `parametros`. */
function listPage<T>(items: T[], query: ReturnType<typeof listQuery>) {
  const { paginaAtual, itensPorPagina } = query;
  return {
    parametros: {
      inicio: new Date(query.inicio).toISOString(),
      fim: new Date(query.fim).toISOString(),
      paginacao: {
        paginaAtual,
        itensPorPagina,
        quantidadeDePaginas: Math.max(1, Math.ceil(items.length / itensPorPagina)),
        quantidadeTotalDeItens: items.length,
      },
    },
    items: items.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina),
  };
}

/**
 * A listing call's account and period (GET /cob, GET /pix); null once the reply is sent: 401/403
 * without the token, 400 ConsultaInvalida with its violations for a period the schema refuses.
 */
function authorizedListing(
  request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
  context: StandinContext,
) {
  const auth = authorize(request, reply, context);
  if (!auth) return null;
  const query = listQuery(request.query);
  if (query.violacoes.length > 0) {
    problem(
      reply,
      400,
      'ConsultaInvalida',
      'Consulta inválida.',
      'A consulta não respeita o _schema_.',
      query.violacoes,
    );
    return null;
  }
  return { auth, query };
}

/** The account's charges oldest first, the way a listing pages steadily through them. */
function accountCharges(context: StandinContext, account: ApiPixAccount): StandinCharge[] {
  return context.book
    .list()
    .filter((charge) => charge.shape === 'apipix' && charge.account === account.clientId)
    .reverse();
}

/** Pix received and their devoluções (refunds). */
function registerPixCalls(app: TlsApp, context: StandinContext): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/v2/pix', async (request, reply) => {
    const listing = authorizedListing(request, reply, context);
    if (!listing) return reply;
    const { auth, query } = listing;
    const received = accountCharges(context, auth.account).filter((charge) => {
      if (!charge.endToEndId || !charge.paidAt) return false;
      const at = Date.parse(charge.paidAt);
      return at >= query.inicio && at <= query.fim;
    });
    const { parametros, items } = listPage(received, query);
    return { parametros, pix: items.map(pixOf) };
  });

  app.get<{ Params: { e2eid: string } }>('/v2/pix/:e2eid', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const charge = findPix(context, auth.account, request.params.e2eid);
    if (!charge) {
      return problem(
        reply,
        404,
        'PixNaoEncontrado',
        'Pix não encontrado.',
        'Pix não encontrado para o e2eid informado.',
      );
    }
    return pixOf(charge);
  });

  app.put<{ Params: { e2eid: string; id: string } }>(
    '/v2/pix/:e2eid/devolucao/:id',
    async (request, reply) => {
      const auth = authorize(request, reply, context);
      if (!auth) return reply;
      const charge = findPix(context, auth.account, request.params.e2eid);
      if (!charge) {
        return problem(reply, 404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.');
      }
      const invalid = (detail: string, violacoes?: Violacao[]) =>
        problem(reply, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, violacoes);
      const { id } = request.params;
      const body = isObject(request.body) ? request.body : {};
      const amount = fromDecimal(body.valor);
      const violacoes: Violacao[] = [];
      if (!DEVOLUCAO_ID.test(id)) {
        violacoes.push({
          propriedade: 'id',
          razao: 'O id da devolução deve ter de 1 a 35 letras e dígitos.',
        });
      }
      if (amount === null || amount === 0) {
        violacoes.push({
          propriedade: 'devolucao.valor',
          razao: 'O campo devolucao.valor não respeita o _schema_.',
        });
      }
      if (body.natureza !== undefined && body.natureza !== 'ORIGINAL') {
        // RETIRADA is for Pix Saque and Troco; a cob's payment is a common Pix.
        violacoes.push({
          propriedade: 'devolucao.natureza',
          razao: 'Natureza incompatível com um Pix comum.',
        });
      }
      if (
        body.descricao !== undefined &&
        (typeof body.descricao !== 'string' || [...body.descricao].length > 140)
      ) {
        violacoes.push({
          propriedade: 'devolucao.descricao',
          razao: 'O campo descricao não respeita o _schema_.',
        });
      }
      if (violacoes.length > 0) {
        return invalid('A presente requisição de devolução não respeita o _schema_.', violacoes);
      }
      const extra = extraOf(charge);
      const existing = extra.devolucoes.find((devolucao) => devolucao.id === id);
      if (existing) {
        // The standard refuses an id used by another request; the same request again is a retry.
        if (fromDecimal(existing.valor) === amount) return reply.code(201).send(devolucaoView(existing));
        return invalid(
          'A presente requisição de devolução apresenta um id já utilizado por outra requisição.',
        );
      }
      const standing = extra.devolucoes.filter((devolucao) => devolucao.status !== 'NAO_REALIZADO');
      const paid = charge.paidAmount ?? charge.amount;
      const returned = standing.reduce((sum, devolucao) => sum + fromDecimal(devolucao.valor)!, 0);
      if (returned + amount! > paid) {
        return invalid('A devolução, com as anteriores, excederia o valor do pix originário.');
      }
      if (standing.length > 0 || charge.status !== 'paid') {
        // The ledger moves a paid charge to refunded once; one devolução per Pix is what it can keep.
        return invalid('Este PSP de demonstração aceita uma devolução por Pix.');
      }
      const behaviour = stateOf(context).devolucoes;
      const now = context.now();
      const devolucao: Devolucao = {
        id,
        rtrId: `D${randomBytes(16).toString('hex').toUpperCase().slice(0, 31)}`,
        valor: centavosToDecimalReais(amount!),
        natureza: 'ORIGINAL',
        ...(typeof body.descricao === 'string' ? { descricao: body.descricao } : {}),
        horario: { solicitacao: now.toISOString() },
        status: 'EM_PROCESSAMENTO',
        settlesAt: new Date(now.getTime() + behaviour.settleAfterMs).toISOString(),
        outcome: behaviour.refuse ? 'NAO_REALIZADO' : 'DEVOLVIDO',
      };
      // Kept before the move, so the ledger saves it and the callback carries it.
      extra.devolucoes.push(devolucao);
      if (behaviour.settleAfterMs <= 0) finishDevolucao(context, charge, devolucao);
      else context.book.touch();
      return reply.code(201).send(devolucaoView(devolucao));
    },
  );

  app.get<{ Params: { e2eid: string; id: string } }>(
    '/v2/pix/:e2eid/devolucao/:id',
    async (request, reply) => {
      const auth = authorize(request, reply, context);
      if (!auth) return reply;
      const charge = findPix(context, auth.account, request.params.e2eid);
      const devolucao = charge && extraOf(charge).devolucoes.find((item) => item.id === request.params.id);
      if (!devolucao) {
        return problem(
          reply,
          404,
          'PixDevolucaoNaoEncontrada',
          'Devolução não encontrada.',
          'Devolução não encontrada para o e2eid informado.',
        );
      }
      return devolucaoView(devolucao);
    },
  );
}

/** The per-key webhook: where the callbacks of Pix received with a txid go. */
function registerWebhookCalls(app: TlsApp, context: StandinContext): void {
  const ownsKey = (account: ApiPixAccount, chave: string) => chave === account.pixKey;

  app.put<{ Params: { chave: string } }>('/v2/webhook/:chave', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const invalid = (razao: string, propriedade: string) =>
      problem(
        reply,
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.',
        [{ razao, propriedade }],
      );
    const { chave } = request.params;
    if (!ownsKey(auth.account, chave)) {
      return invalid(
        'O parâmetro chave não corresponde a uma chave DICT pertencente a este usuário recebedor.',
        'chave',
      );
    }
    const body = isObject(request.body) ? request.body : {};
    const webhookUrl = typeof body.webhookUrl === 'string' ? body.webhookUrl : '';
    if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol)) {
      return invalid('Campo webhook.webhookUrl não respeita o _schema_.', 'webhook.webhookUrl');
    }
    stateOf(context).webhooks.set(chave, { webhookUrl, criacao: context.now().toISOString() });
    return reply.code(200).send();
  });

  app.get<{ Params: { chave: string } }>('/v2/webhook/:chave', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const { chave } = request.params;
    const webhook = ownsKey(auth.account, chave) ? stateOf(context).webhooks.get(chave) : undefined;
    if (!webhook) {
      return problem(
        reply,
        404,
        'WebhookNaoEncontrado',
        'Webhook não encontrado.',
        'O webhook denotado por chave não encontra-se estabelecido.',
      );
    }
    return { webhookUrl: webhook.webhookUrl, chave, criacao: webhook.criacao };
  });

  app.delete<{ Params: { chave: string } }>('/v2/webhook/:chave', async (request, reply) => {
    const auth = authorize(request, reply, context);
    if (!auth) return reply;
    const { chave } = request.params;
    if (!ownsKey(auth.account, chave) || !stateOf(context).webhooks.delete(chave)) {
      return problem(
        reply,
        404,
        'WebhookNaoEncontrado',
        'Webhook não encontrado.',
        'O webhook denotado por chave não encontra-se estabelecido.',
      );
    }
    return reply.code(204).send();
  });
}

export const apiPixShape: StandinShapeModule & {
  startTls(
    context: StandinContext,
    port: number,
  ): Promise<{
    url: string;
    pki: { caPem: string; clientCertPem: string; clientKeyPem: string };
    close: () => Promise<void>;
  }>;
} = {
  shape: 'apipix',
  // Nothing on the plain listener: bank PSPs serve API Pix over mutual TLS only (startTls).
  routes() {},

  /**
   * The standard calls the webhook when a Pix with a txid arrives and when one of its devoluções
   * reaches a final status; never for a failed attempt, an expiry or a removal.
   */
  notifications(charge: StandinCharge, event: StandinChargeEvent, context: StandinContext) {
    if (event.status !== 'paid' && event.status !== 'refunded') return [];
    const callback = callbackOf(context, charge);
    return callback ? [callback] : [];
  },

  async startTls(context, port) {
    const pki = await createApiPixPki();
    const app = createTlsApp(pki);
    app.post('/oauth/token', async (request, reply) => issueToken(request, reply, context));
    registerCobCalls(app, context);
    registerPixCalls(app, context);
    registerWebhookCalls(app, context);
    await app.listen({ host: '127.0.0.1', port });
    return {
      url: `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      pki: { caPem: pki.caPem, clientCertPem: pki.clientCertPem, clientKeyPem: pki.clientKeyPem },
      close: () => app.close(),
    };
  },
};
