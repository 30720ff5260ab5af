import { randomBytes, randomInt } from 'node:crypto';
import { formatBRL } from '@comanda/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StandinContext } from '../context.ts';
import { readStateFile, writeStateFile } from '../state-file.ts';
import { luhnValid } from './stripe-cards.ts';

/*
 * Mercado Pago's card side as the stand-in speaks it (under /mercadopago, beside the PIX payments):
 * card tokens made in the browser with the account's public key (`POST /v1/card_tokens`, from the
 * card's fields or from a saved card and its security code), single use; payment methods by BIN;
 * customers and their cards (`/v1/customers`, `/v1/customers/:id/cards`); the 3-D Secure challenge
 * page a payment's `three_ds_info` points at; and the browser kit, `/js/v2`, with the SDK v2 calls
 * Comanda uses: `new MercadoPago(publicKey)`, `mp.fields.create(type).mount(id)` (each field a frame
 * of the stand-in), `mp.fields.createCardToken(...)` and `mp.getPaymentMethods({bin})`. The fields'
 * frames read each other (same origin) and post the card to the stand-in: the merchant's page only
 * ever holds the token.
 *
 * Test outcomes follow Mercado Pago's convention of the cardholder's name: APRO approved, OTHE
 * rejected, FUND insufficient amount, SECU bad security code, EXPI bad expiry date, CALL call for
 * authorisation; and the stand-in's own 3DSC, a payment whose issuer asks for a 3-D Secure challenge.
 */

export type MpCardOutcome = 'approved' | 'rejected' | 'challenge';

export interface MpOutcome {
  outcome: MpCardOutcome;
  /** Mercado Pago's status_detail. */
  detail: string;
}

const OUTCOMES: Record<string, MpOutcome> = {
  APRO: { outcome: 'approved', detail: 'accredited' },
  OTHE: { outcome: 'rejected', detail: 'cc_rejected_other_reason' },
  FUND: { outcome: 'rejected', detail: 'cc_rejected_insufficient_amount' },
  SECU: { outcome: 'rejected', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { outcome: 'rejected', detail: 'cc_rejected_bad_filled_date' },
  CALL: { outcome: 'rejected', detail: 'cc_rejected_call_for_authorize' },
  '3DSC': { outcome: 'challenge', detail: 'pending_challenge' },
};

/** What a payment with this cardholder's name does (any other name is approved). */
export function mpOutcomeOf(holder: string): MpOutcome {
  return OUTCOMES[holder.trim().toUpperCase()] ?? OUTCOMES.APRO!;
}

/** Mercado Pago's payment_method_id of a card number. */
export function mpBrandOf(digits: string): string {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits))
    return 'elo';
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7]|50)/.test(digits)) return 'master';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

export interface MpCardData {
  brand: string;
  firstSix: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  holder: string;
  identification: { type: string | null; number: string | null };
}

export interface MpToken extends MpCardData {
  id: string;
  publicKey: string;
  /** A token made from a saved card names it. */
  cardId: string | null;
  used: boolean;
  createdAt: string;
}

export interface MpCustomer {
  id: string;
  account: string;
  email: string;
  firstName: string | null;
  createdAt: string;
}

export interface MpSavedCard extends MpCardData {
  id: string;
  customerId: string;
  account: string;
  createdAt: string;
}

/** Tokens, customers and saved cards, in a file beside the ledger (never a number or a CVC). */
export class MpCardVault {
  readonly tokens = new Map<string, MpToken>();
  readonly customers = new Map<string, MpCustomer>();
  readonly cards = new Map<string, MpSavedCard>();

  constructor(private readonly file: string | null) {
    const saved = readStateFile<{ tokens: MpToken[]; customers: MpCustomer[]; cards: MpSavedCard[] }>(file);
    for (const token of saved?.tokens ?? []) this.tokens.set(token.id, token);
    for (const customer of saved?.customers ?? []) this.customers.set(customer.id, customer);
    for (const card of saved?.cards ?? []) this.cards.set(card.id, card);
  }

  save(): void {
    writeStateFile(this.file, {
      tokens: [...this.tokens.values()],
      customers: [...this.customers.values()],
      cards: [...this.cards.values()],
    });
  }
}

const vaults = new WeakMap<StandinContext, MpCardVault>();

export function mpVaultOf(context: StandinContext): MpCardVault {
  let vault = vaults.get(context);
  if (!vault) {
    vault = new MpCardVault(
      context.dataFile ? context.dataFile.replace(/(\.json)?$/, '-mercadopago-cards.json') : null,
    );
    vaults.set(context, vault);
  }
  return vault;
}

export interface MpCardHelpers {
  /** The account of the request's access token (answers 401 itself and returns null otherwise). */
  account(request: FastifyRequest, reply: FastifyReply): { accessToken: string } | null;
  badRequest(reply: FastifyReply, code: number | string, description: string): FastifyReply;
  notFound(reply: FastifyReply, what: string): FastifyReply;
  /** Mercado Pago's date format. */
  date(iso: string): string | null;
  /** The 3-D Secure challenge's end: completed pays the payment, failed rejects it. */
  challengeDone(paymentId: string, completed: boolean): void;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Content-Type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '300',
};

function tokenView(token: MpToken, date: (iso: string) => string | null) {
  return {
    id: token.id,
    public_key: token.publicKey,
    card_id: token.cardId,
    status: token.used ? 'used' : 'active',
    date_created: date(token.createdAt),
    date_due: date(new Date(Date.parse(token.createdAt) + 7 * 86_400_000).toISOString()),
    first_six_digits: token.firstSix,
    last_four_digits: token.lastFour,
    expiration_month: token.expirationMonth,
    expiration_year: token.expirationYear,
    cardholder: {
      name: token.holder,
      identification: { type: token.identification.type, number: token.identification.number },
    },
    luhn_validation: true,
    live_mode: false,
    card_number_length: 16,
    security_code_length: 3,
  };
}

export function savedCardView(card: MpSavedCard, date: (iso: string) => string | null) {
  return {
    id: card.id,
    customer_id: card.customerId,
    first_six_digits: card.firstSix,
    last_four_digits: card.lastFour,
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYear,
    payment_method: { id: card.brand, name: card.brand, payment_type_id: 'credit_card' },
    issuer: { id: 24, name: card.brand },
    cardholder: {
      name: card.holder,
      identification: { type: card.identification.type, number: card.identification.number },
    },
    date_created: date(card.createdAt),
    date_last_updated: date(card.createdAt),
  };
}

/** The account whose public key this is (public keys are the browser's credentials). */
function publicKeyAccount(context: StandinContext, key: unknown) {
  return typeof key === 'string'
    ? context.accounts.mercadopago.find((account) => account.publicKey === key)
    : undefined;
}

interface TokenBody {
  card_number?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
  security_code?: unknown;
  card_id?: unknown;
  cardholder?: { name?: unknown; identification?: { type?: unknown; number?: unknown } } | null;
}

export function registerMpCardRoutes(mp: FastifyInstance, context: StandinContext, helpers: MpCardHelpers) {
  const vault = mpVaultOf(context);
  const { badRequest, date } = helpers;

  mp.options('/v1/card_tokens', async (_request, reply) => reply.headers(CORS).code(204).send());
  mp.options('/v1/payment_methods/search', async (_request, reply) => reply.headers(CORS).code(204).send());

  mp.post<{ Querystring: { public_key?: string }; Body: TokenBody | null }>(
    '/v1/card_tokens',
    async (request, reply) => {
      reply.headers(CORS);
      const owner = publicKeyAccount(context, request.query.public_key);
      if (!owner) return badRequest(reply, 1000, 'invalid public_key');
      const body = request.body ?? {};
      const cvc = typeof body.security_code === 'string' ? body.security_code : '';
      const now = context.now();
      let card: MpCardData;
      let cardId: string | null = null;
      if (typeof body.card_id === 'string') {
        const saved = vault.cards.get(body.card_id);
        if (!saved || saved.account !== owner.accessToken)
          return badRequest(reply, 2068, 'card_id not found');
        if (!/^\d{3,4}$/.test(cvc)) return badRequest(reply, 'E302', 'invalid security_code');
        card = saved;
        cardId = saved.id;
      } else {
        const number = typeof body.card_number === 'string' ? body.card_number.replace(/\D/g, '') : '';
        if (!luhnValid(number)) return badRequest(reply, 'E301', 'invalid card_number');
        const month = Number(body.expiration_month);
        const year = Number(body.expiration_year);
        if (!(month >= 1 && month <= 12)) return badRequest(reply, 325, 'invalid expiration_month');
        if (
          !(year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1))
        ) {
          return badRequest(reply, 326, 'invalid expiration_year');
        }
        if (!/^\d{3,4}$/.test(cvc)) return badRequest(reply, 'E302', 'invalid security_code');
        const holder = typeof body.cardholder?.name === 'string' ? body.cardholder.name.trim() : '';
        if (!holder) return badRequest(reply, 221, 'cardholder.name is required');
        const identification = body.cardholder?.identification;
        card = {
          brand: mpBrandOf(number),
          firstSix: number.slice(0, 6),
          lastFour: number.slice(-4),
          expirationMonth: month,
          expirationYear: year,
          holder,
          identification: {
            type: typeof identification?.type === 'string' ? identification.type : null,
            number: typeof identification?.number === 'string' ? identification.number : null,
          },
        };
      }
      const token: MpToken = {
        ...card,
        id: randomBytes(16).toString('hex'),
        publicKey: owner.publicKey!,
        cardId,
        used: false,
        createdAt: now.toISOString(),
      };
      vault.tokens.set(token.id, token);
      vault.save();
      return reply.code(201).send(tokenView(token, date));
    },
  );

  mp.get<{ Querystring: { public_key?: string; bins?: string } }>(
    '/v1/payment_methods/search',
    async (request, reply) => {
      reply.headers(CORS);
      if (!publicKeyAccount(context, request.query.public_key))
        return badRequest(reply, 1000, 'invalid public_key');
      const bin = (request.query.bins ?? '').replace(/\D/g, '');
      const brand = bin.length >= 6 ? mpBrandOf(bin) : 'unknown';
      const results =
        brand === 'unknown'
          ? []
          : [
              {
                id: brand,
                name: brand,
                payment_type_id: 'credit_card',
                issuer: { id: 24, name: brand },
                status: 'active',
              },
            ];
      return { paging: { total: results.length, limit: 30, offset: 0 }, results };
    },
  );

  mp.post<{ Body: { email?: unknown; first_name?: unknown } | null }>(
    '/v1/customers',
    async (request, reply) => {
      const account = helpers.account(request, reply);
      if (!account) return reply;
      const email = request.body?.email;
      if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        return badRequest(reply, 100, 'the email must be a valid email');
      }
      if ([...vault.customers.values()].some((c) => c.account === account.accessToken && c.email === email)) {
        return badRequest(reply, 101, 'the customer already exist');
      }
      const customer: MpCustomer = {
        id: `${randomInt(100_000_000, 999_999_999)}-${randomBytes(7).toString('hex').slice(0, 14)}`,
        account: account.accessToken,
        email,
        firstName: typeof request.body?.first_name === 'string' ? request.body.first_name : null,
        createdAt: context.now().toISOString(),
      };
      vault.customers.set(customer.id, customer);
      vault.save();
      return reply.code(201).send({
        id: customer.id,
        email,
        first_name: customer.firstName,
        date_created: date(customer.createdAt),
        cards: [],
      });
    },
  );

  mp.get<{ Querystring: { email?: string } }>('/v1/customers/search', async (request, reply) => {
    const account = helpers.account(request, reply);
    if (!account) return reply;
    const results = [...vault.customers.values()]
      .filter(
        (c) => c.account === account.accessToken && (!request.query.email || c.email === request.query.email),
      )
      .map((c) => ({ id: c.id, email: c.email, first_name: c.firstName, date_created: date(c.createdAt) }));
    return { paging: { total: results.length, limit: 10, offset: 0 }, results };
  });

  const ownCustomer = (account: { accessToken: string }, id: string) => {
    const customer = vault.customers.get(id);
    return customer && customer.account === account.accessToken ? customer : null;
  };

  mp.post<{ Params: { id: string }; Body: { token?: unknown } | null }>(
    '/v1/customers/:id/cards',
    async (request, reply) => {
      const account = helpers.account(request, reply);
      if (!account) return reply;
      const customer = ownCustomer(account, request.params.id);
      if (!customer) return helpers.notFound(reply, 'customer not found');
      const token =
        typeof request.body?.token === 'string' ? vault.tokens.get(request.body.token) : undefined;
      const owner = token ? publicKeyAccount(context, token.publicKey) : undefined;
      if (!token || token.used || owner?.accessToken !== account.accessToken) {
        return badRequest(reply, 2006, 'Card Token not found');
      }
      token.used = true;
      const card: MpSavedCard = {
        ...token,
        id: String(randomInt(1_000_000_000_000, 9_999_999_999_999)),
        customerId: customer.id,
        account: account.accessToken,
        createdAt: context.now().toISOString(),
      };
      vault.cards.set(card.id, card);
      vault.save();
      return reply.code(201).send(savedCardView(card, date));
    },
  );

  mp.get<{ Params: { id: string } }>('/v1/customers/:id/cards', async (request, reply) => {
    const account = helpers.account(request, reply);
    if (!account) return reply;
    const customer = ownCustomer(account, request.params.id);
    if (!customer) return helpers.notFound(reply, 'customer not found');
    return [...vault.cards.values()]
      .filter((card) => card.customerId === customer.id)
      .map((card) => savedCardView(card, date));
  });

  mp.delete<{ Params: { id: string; cardId: string } }>(
    '/v1/customers/:id/cards/:cardId',
    async (request, reply) => {
      const account = helpers.account(request, reply);
      if (!account) return reply;
      const customer = ownCustomer(account, request.params.id);
      const card = vault.cards.get(request.params.cardId);
      if (!customer || !card || card.customerId !== customer.id)
        return helpers.notFound(reply, 'card not found');
      vault.cards.delete(card.id);
      vault.save();
      return savedCardView(card, date);
    },
  );

  // The issuer's 3-D Secure challenge: the merchant's page posts `creq` to it in a frame.
  mp.post<{ Body: { creq?: string } | null }>('/3ds/challenge', async (request, reply) => {
    const paymentId = decodeCreq(request.body?.creq);
    const charge = paymentId ? context.book.find('mercadopago', paymentId) : undefined;
    if (!charge) return reply.code(404).type('text/plain; charset=utf-8').send('Desafio não encontrado');
    const amount = formatBRL(charge.amount);
    const field = `<input type="hidden" name="creq" value="${escapeHtml(request.body?.creq ?? '')}">`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1b1d21;background:#fff}h1{font-size:1.2rem}
p{color:#444}form{margin:12px 0}button{width:100%;min-height:48px;border-radius:8px;border:1px solid #888;font:inherit;font-size:16px;background:#fff}
button.ok{background:#00629b;color:#fff;border-color:#00629b}</style></head><body>
<h1>Autenticação do banco (teste)</h1>
<p>Confirme a compra de ${escapeHtml(amount)} no Mercado Pago.</p>
<form method="post" action="${PREFIX}/3ds/complete">${field}<input type="hidden" name="outcome" value="complete"><button class="ok">Autenticar</button></form>
<form method="post" action="${PREFIX}/3ds/complete">${field}<input type="hidden" name="outcome" value="fail"><button>Falhar autenticação</button></form>
</body></html>`);
  });

  mp.post<{ Body: { creq?: string; outcome?: string } | null }>('/3ds/complete', async (request, reply) => {
    const paymentId = decodeCreq(request.body?.creq);
    if (!paymentId) return reply.code(404).send();
    helpers.challengeDone(paymentId, request.body?.outcome === 'complete');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>3D Secure</title></head>
<body><p>Autenticação concluída.</p><script>parent.postMessage({ status: 'COMPLETE' }, '*');</script></body></html>`);
  });

  // The browser kit and its fields, as sdk.mercadopago.com serves them.
  mp.get('/js/v2', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(mpKitScript()),
  );
  mp.get<{ Params: { type: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/js/v2/fields/:type',
    async (request, reply) => {
      const type = request.params.type;
      if (!FIELD_TYPES.includes(type as FieldType)) return reply.code(404).send();
      const { customFont, ...query } = request.query;
      const single = Object.fromEntries(
        Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
      );
      const fonts = customFont === undefined ? [] : Array.isArray(customFont) ? customFont : [customFont];
      return reply.type('text/html; charset=utf-8').send(mpFieldPage(type as FieldType, single, fonts));
    },
  );
}

const PREFIX = '/mercadopago';

/** The challenge request names the payment (opaque to the merchant, as Mercado Pago's creq is). */
export function creqOf(paymentId: string): string {
  return Buffer.from(JSON.stringify({ p: paymentId, n: randomBytes(6).toString('hex') })).toString(
    'base64url',
  );
}

function decodeCreq(creq: string | undefined): string | null {
  if (!creq) return null;
  try {
    const value = JSON.parse(Buffer.from(creq, 'base64url').toString('utf8')) as { p?: unknown };
    return typeof value.p === 'string' && /^\d+$/.test(value.p) ? value.p : null;
  } catch {
    return null;
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const FIELD_TYPES = ['cardNumber', 'expirationDate', 'securityCode'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

const FIELD_TEXTS = {
  pt: {
    cardNumber: {
      label: 'Número do cartão',
      invalid: 'Número do cartão inválido.',
      incomplete: 'Número do cartão incompleto.',
    },
    expirationDate: {
      label: 'MM/AA',
      invalid: 'Data de vencimento inválida.',
      incomplete: 'Data de vencimento incompleta.',
    },
    securityCode: {
      label: 'Código de segurança',
      invalid: 'Código de segurança inválido.',
      incomplete: 'Código de segurança incompleto.',
    },
  },
  en: {
    cardNumber: {
      label: 'Card number',
      invalid: 'Invalid card number.',
      incomplete: 'Incomplete card number.',
    },
    expirationDate: {
      label: 'MM/YY',
      invalid: 'Invalid expiration date.',
      incomplete: 'Incomplete expiration date.',
    },
    securityCode: {
      label: 'Security code',
      invalid: 'Invalid security code.',
      incomplete: 'Incomplete security code.',
    },
  },
};

/**
 * One secure field's frame. It reports its validity and, for the card number, the BIN; asked for a
 * token (by the kit, on the card number's or the security code's frame), it reads its sibling fields
 * (frames of the same origin) and posts the card to the stand-in.
 */
function mpFieldPage(
  type: FieldType,
  query: Record<string, string | undefined>,
  customFonts: readonly string[] = [],
): string {
  const english = /^en/i.test(query.locale ?? '');
  const texts = (english ? FIELD_TEXTS.en : FIELD_TEXTS.pt)[type];
  const colour = (value: string | undefined, fallback: string) =>
    /^[#\w(),.\s%-]{1,40}$/.test(value ?? '') ? value! : fallback;
  const color = colour(query.color, '#1b1d21');
  const placeholderColor = colour(query.placeholderColor, '#6b6b74');
  const background = colour(query.background, 'transparent');
  // The page's web font reaches the frame only through the merchant's customFonts; a generic family
  // follows the family list. It goes into a
  // style element as it is (HTML escapes mean nothing there); the pattern lets no '<' or '&' through.
  const font = `${/^[\w\s,'"-]{1,120}$/.test(query.font ?? '') ? `${query.font}, ` : ''}system-ui, sans-serif`;
  // The merchant's customFonts: stylesheets of http(s) addresses only, at most four.
  const stylesheets = customFonts
    .filter((src) => /^https?:\/\/[^"'<>\s]{1,300}$/.test(src))
    .slice(0, 4)
    .map((src) => `<link rel="stylesheet" href="${escapeHtml(src)}">`)
    .join('');
  const placeholder = (query.placeholder ?? texts.label).slice(0, 60);
  const autocomplete = { cardNumber: 'cc-number', expirationDate: 'cc-exp', securityCode: 'cc-csc' }[type];
  const max = { cardNumber: 23, expirationDate: 7, securityCode: 4 }[type];
  return `<!doctype html>
<html lang="${english ? 'en' : 'pt-BR'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.label)}</title>
${stylesheets}<style>*{box-sizing:border-box}html,body{margin:0;height:100%;background:${escapeHtml(background)};color:${escapeHtml(color)};font-family:${font}}
input{display:block;width:100%;height:100%;min-height:46px;border:0;padding:0 12px;font:inherit;font-size:16px;color:inherit;background:transparent;outline:none}
input::placeholder{color:${escapeHtml(placeholderColor)};opacity:1}</style></head><body>
<input id="field" data-field="${type}" inputmode="numeric" autocomplete="${autocomplete}" maxlength="${max}" placeholder="${escapeHtml(placeholder)}" aria-label="${escapeHtml(texts.label)}">
<script>
(function () {
  var TYPE = ${JSON.stringify(type)};
  var TEXTS = ${JSON.stringify(texts)};
  var input = document.getElementById('field');
  var digits = function (v) { return v.replace(/\\D/g, ''); };
  function luhn(v) { var s = 0; for (var i = 0; i < v.length; i++) { var d = +v[v.length - 1 - i]; if (i % 2) { d *= 2; if (d > 9) d -= 9; } s += d; } return s % 10 === 0; }
  function state(strict) {
    var v = digits(input.value);
    if (!v) return { empty: true, errors: strict ? [{ cause: 'empty', message: TEXTS.incomplete }] : [] };
    if (TYPE === 'cardNumber') {
      if (v.length < 15) return { errors: strict ? [{ cause: 'incomplete', message: TEXTS.incomplete }] : [] };
      return { errors: luhn(v) ? [] : [{ cause: 'invalid_value', message: TEXTS.invalid }] };
    }
    if (TYPE === 'expirationDate') {
      if (v.length < 4) return { errors: strict ? [{ cause: 'incomplete', message: TEXTS.incomplete }] : [] };
      var m = +v.slice(0, 2), y = 2000 + +v.slice(2, 4), now = new Date();
      var ok = m >= 1 && m <= 12 && (y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1));
      return { errors: ok ? [] : [{ cause: 'invalid_value', message: TEXTS.invalid }] };
    }
    return { errors: v.length >= 3 ? [] : (strict ? [{ cause: 'incomplete', message: TEXTS.incomplete }] : []) };
  }
  function report(strict) {
    var s = state(strict);
    parent.postMessage({ mpField: TYPE, event: 'validityChange', detail: { field: TYPE, errorMessages: s.errors } }, '*');
  }
  var lastBin = '';
  input.addEventListener('input', function () {
    var v = digits(input.value);
    if (TYPE === 'cardNumber') {
      v = v.slice(0, 19);
      input.value = v.replace(/(\\d{4})(?=\\d)/g, '$1 ');
      var bin = v.length >= 8 ? v.slice(0, 8) : '';
      if (bin !== lastBin) { lastBin = bin; parent.postMessage({ mpField: TYPE, event: 'binChange', detail: { bin: bin || null } }, '*'); }
    } else if (TYPE === 'expirationDate') {
      v = v.slice(0, 4);
      input.value = v.length > 2 ? v.slice(0, 2) + '/' + v.slice(2) : v;
    } else {
      input.value = v.slice(0, 4);
    }
    report(false);
  });
  input.addEventListener('blur', function () { report(true); });
  window.__mpField = { type: TYPE, value: function () { return digits(input.value); }, valid: function () { return state(true).errors.length === 0; } };
  function sibling(type) {
    for (var i = 0; i < parent.frames.length; i++) {
      try { var f = parent.frames[i]; if (f.__mpField && f.__mpField.type === type) return f.__mpField; } catch (e) {}
    }
    return null;
  }
  window.addEventListener('message', function (event) {
    var data = event.data || {};
    if (event.source !== parent || data.mpCreateToken === undefined) return;
    var answer = function (result) { parent.postMessage({ mpNonce: data.mpCreateToken, result: result }, event.origin); };
    var number = sibling('cardNumber'), expiry = sibling('expirationDate'), code = sibling('securityCode');
    var body;
    if (data.cardId) {
      if (!code || !code.valid()) { answer({ error: { message: 'securityCode invalid', cause: [{ code: 'E302', description: 'invalid securityCode' }] } }); return; }
      body = { card_id: data.cardId, security_code: code.value() };
    } else {
      var bad = [number, expiry, code].filter(function (f) { return !f || !f.valid(); });
      if (bad.length) { answer({ error: { message: 'invalid fields', cause: bad.map(function (f) { return { code: 'invalid_' + (f ? f.type : 'field'), description: (f ? f.type : 'field') + ' invalid' }; }) } }); return; }
      var e = expiry.value();
      body = { card_number: number.value(), expiration_month: +e.slice(0, 2), expiration_year: 2000 + +e.slice(2, 4), security_code: code.value(),
        cardholder: { name: data.cardholderName || '', identification: { type: data.identificationType || null, number: data.identificationNumber || null } } };
    }
    fetch('${PREFIX}/v1/card_tokens?public_key=' + encodeURIComponent(data.publicKey), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, json: j }; }); })
      .then(function (r) { answer(r.ok ? { token: r.json } : { error: r.json }); }, function () { answer({ error: { message: 'network error', cause: [] } }); });
  });
  parent.postMessage({ mpField: TYPE, event: 'ready', detail: {} }, '*');
})();
</script></body></html>`;
}

/** The SDK v2 calls Comanda uses, for a page that loads `<stand-in>/mercadopago/js/v2`. */
export function mpKitScript(): string {
  return `(function () {
  'use strict';
  var script = document.currentScript;
  var base = new URL(script ? script.src : location.href);
  var origin = base.origin;
  var prefix = base.pathname.replace(/\\/js\\/v2\\/?$/, '');
  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) return new MercadoPago(publicKey, options);
    var locale = (options && options.locale) || 'pt-BR';
    var frames = {};
    var pending = {};
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !event.data) return;
      if (event.data.mpNonce && pending[event.data.mpNonce]) { pending[event.data.mpNonce](event.data.result); delete pending[event.data.mpNonce]; }
    });
    this.getPaymentMethods = function (query) {
      return fetch(origin + prefix + '/v1/payment_methods/search?public_key=' + encodeURIComponent(publicKey) + '&bins=' + encodeURIComponent(query.bin))
        .then(function (r) { return r.json(); });
    };
    this.fields = {
      create: function (type, fieldOptions) {
        var handlers = {};
        var frame = null;
        function onMessage(event) {
          if (!frame || event.source !== frame.contentWindow || event.origin !== origin || !event.data || event.data.mpField !== type) return;
          var handler = handlers[event.data.event];
          if (handler) handler(event.data.detail);
        }
        var field = {
          mount: function (containerId) {
            var host = typeof containerId === 'string' ? document.getElementById(containerId) : containerId;
            var style = (fieldOptions && fieldOptions.style) || {};
            var params = new URLSearchParams({ locale: locale, placeholder: (fieldOptions && fieldOptions.placeholder) || '',
              color: style.color || '', font: style.fontFamily || '', background: style.backgroundColor || '', placeholderColor: style.placeholderColor || '' });
            // SDK v2's customFonts: stylesheets ({ src }) the field's frame loads, as Mercado Pago's do.
            ((fieldOptions && fieldOptions.customFonts) || []).forEach(function (custom) { if (custom && custom.src) params.append('customFont', String(custom.src)); });
            frame = document.createElement('iframe');
            frame.title = 'Mercado Pago ' + type;
            frame.src = origin + prefix + '/js/v2/fields/' + type + '?' + params.toString();
            frame.style.cssText = 'width:100%;height:100%;border:0;display:block;background:transparent';
            window.addEventListener('message', onMessage);
            host.appendChild(frame);
            frames[type] = frame;
            return field;
          },
          on: function (name, handler) { handlers[name] = handler; return field; },
          unmount: function () { window.removeEventListener('message', onMessage); if (frame) frame.remove(); delete frames[type]; frame = null; return field; }
        };
        return field;
      },
      createCardToken: function (data) {
        var target = frames[data && data.cardId ? 'securityCode' : 'cardNumber'];
        if (!target) return Promise.reject({ message: 'fields not mounted', cause: [] });
        var nonce = Math.random().toString(36).slice(2);
        return new Promise(function (resolve, reject) {
          pending[nonce] = function (result) { if (result.token) resolve(result.token); else reject(result.error); };
          target.contentWindow.postMessage({ mpCreateToken: nonce, publicKey: publicKey, cardId: data && data.cardId,
            cardholderName: data && data.cardholderName, identificationType: data && data.identificationType, identificationNumber: data && data.identificationNumber }, origin);
        });
      }
    };
  }
  window.MercadoPago = MercadoPago;
})();
`;
}
