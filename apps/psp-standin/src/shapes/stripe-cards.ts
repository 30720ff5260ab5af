import { randomBytes } from 'node:crypto';
import { readStateFile, writeStateFile } from '../state-file.ts';

/*
 * What the stand-in needs for Stripe card payments beside its PIX ledger: the test card numbers and
 * how each behaves, the vault of customers and card payment methods (never a card number: brand,
 * last 4 digits, expiry and the test behaviour), and the browser side Stripe.js gives a merchant's
 * page: the kit script (`Stripe(pk).elements().create('card')`, `confirmCardPayment`), the card
 * element page the kit frames (the card data is typed there and goes from there to the stand-in,
 * never through the merchant's page or server) and the 3-D Secure challenge page.
 *
 * Test numbers follow Stripe's documented ones: 4242 4242 4242 4242 and 5555 5555 5555 4444 succeed,
 * 4000 0000 0000 0002 is declined (generic_decline), 4000 0000 0000 9995 has insufficient funds,
 * 4000 0027 6000 3184 always asks for 3-D Secure. Any other number that passes the Luhn check succeeds.
 */

export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_3ds';
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

const BEHAVIOURS: Record<string, CardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'requires_3ds',
  '4000000000003220': 'requires_3ds',
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'unknown';
}

export const behaviourOf = (digits: string): CardBehaviour => BEHAVIOURS[digits] ?? 'succeeds';

/** Stripe's decline answers (type card_error), as its API words them. */
export const DECLINES = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  authentication_failed: {
    code: 'payment_intent_authentication_failure',
    decline_code: null,
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const;

export interface VaultCustomer {
  id: string;
  account: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface VaultPaymentMethod {
  id: string;
  account: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  customer: string | null;
  created: number;
}

/** Customers and card payment methods per merchant account, kept in a file beside the ledger. */
export class CardVault {
  readonly customers = new Map<string, VaultCustomer>();
  readonly methods = new Map<string, VaultPaymentMethod>();

  constructor(private readonly file: string | null) {
    const saved = readStateFile<{ customers: VaultCustomer[]; methods: VaultPaymentMethod[] }>(file);
    for (const customer of saved?.customers ?? []) this.customers.set(customer.id, customer);
    for (const method of saved?.methods ?? []) this.methods.set(method.id, method);
  }

  save(): void {
    writeStateFile(this.file, {
      customers: [...this.customers.values()],
      methods: [...this.methods.values()],
    });
  }
}

export const stripeId = (prefix: string, length = 24) => {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `${prefix}_${[...randomBytes(length)].map((byte) => alphabet[byte % 62]).join('')}`;
};

/** The payment method as Stripe's API answers it (type card). */
export function paymentMethodObject(method: VaultPaymentMethod) {
  return {
    id: method.id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: method.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'BR',
      exp_month: method.expMonth,
      exp_year: method.expYear,
      funding: 'credit',
      last4: method.last4,
      networks: { available: [method.brand], preferred: null },
      three_d_secure_usage: { supported: true },
    },
    created: method.created,
    customer: method.customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function customerObject(customer: VaultCustomer) {
  return {
    id: customer.id,
    object: 'customer',
    created: customer.created,
    email: customer.email,
    livemode: false,
    metadata: customer.metadata,
    name: customer.name,
  };
}

// ---------------------------------------------------------------------------------------------
// The browser side

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The kit a merchant page loads (Stripe.js v3's calls that Comanda uses). The card element is an
 * iframe of the stand-in's origin; confirming asks the frame to send the card to the stand-in and
 * answer the payment method's id, then confirms the PaymentIntent with the publishable key and
 * the client secret; a 3-D Secure challenge opens in a frame over the page.
 */
export function kitScript(): string {
  return `(function () {
  'use strict';
  var script = document.currentScript;
  var origin = new URL(script ? script.src : location.href).origin;
  function form(values) {
    var parts = [];
    Object.keys(values).forEach(function (key) {
      if (values[key] !== undefined && values[key] !== null) parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(values[key]));
    });
    return parts.join('&');
  }
  function call(method, path, key, values) {
    var init = { method: method, headers: { Authorization: 'Bearer ' + key } };
    if (method === 'POST') {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = form(values);
    } else if (values) path += '?' + form(values);
    return fetch(origin + path, init).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }, function () {
      return { ok: false, body: { error: { type: 'api_connection_error', message: 'Could not reach Stripe.' } } };
    });
  }
  function intentIdOf(clientSecret) { return String(clientSecret).split('_secret_')[0]; }
  function challenge(url) {
    return new Promise(function (resolve) {
      var cover = document.createElement('div');
      cover.setAttribute('data-stripe-challenge', '');
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure';
      frame.src = url;
      frame.style.cssText = 'width:min(400px,92vw);height:min(520px,86vh);border:0;border-radius:12px;background:#fff';
      cover.appendChild(frame);
      document.body.appendChild(cover);
      function done(event) {
        if (event.origin !== origin || !event.data || event.data.stripe !== '3ds-done') return;
        window.removeEventListener('message', done);
        cover.remove();
        resolve();
      }
      window.addEventListener('message', done);
    });
  }
  function settle(key, clientSecret, reply) {
    if (!reply.ok) return { error: reply.body.error };
    var intent = reply.body;
    if (intent.status === 'succeeded' || intent.status === 'processing') return { paymentIntent: intent };
    if (intent.status === 'requires_action' && intent.next_action && intent.next_action.redirect_to_url) {
      return challenge(intent.next_action.redirect_to_url.url).then(function () {
        return call('GET', '/v1/payment_intents/' + intentIdOf(clientSecret), key, { client_secret: clientSecret });
      }).then(function (after) { return settle(key, clientSecret, after); });
    }
    if (intent.last_payment_error) return { error: intent.last_payment_error };
    return { error: { type: 'invalid_request_error', message: 'The PaymentIntent is ' + intent.status + '.' } };
  }
  function Stripe(key, options) {
    if (!/^pk_/.test(String(key))) throw new Error('Invalid Stripe publishable key: ' + key);
    var locale = (options && options.locale) || 'auto';
    var cardFrame = null;
    var pending = {};
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !event.data || !event.data.nonce || !pending[event.data.nonce]) return;
      pending[event.data.nonce](event.data.result);
      delete pending[event.data.nonce];
    });
    function createPaymentMethod(element, billing) {
      if (!element || !element._frame()) return Promise.resolve({ error: { type: 'validation_error', message: 'Mount the card element first.' } });
      var nonce = Math.random().toString(36).slice(2);
      return new Promise(function (resolve) {
        pending[nonce] = resolve;
        element._frame().contentWindow.postMessage({ stripe: 'create_payment_method', nonce: nonce, key: key, billing: billing || null }, origin);
      });
    }
    return {
      elements: function (elementsOptions) {
        // Stripe.js's CustomFontSource list ({ family, src: 'url(…)', weight… }): the frame loads them.
        var fonts = ((elementsOptions && elementsOptions.fonts) || []).filter(function (font) { return font && font.family && font.src; })
          .map(function (font) { return { family: String(font.family), src: String(font.src), weight: font.weight ? String(font.weight) : '' }; });
        return {
          create: function (type, elementOptions) {
            if (type !== 'card') throw new Error('This Stripe stand-in has the card element only.');
            var handlers = {};
            var frame = null;
            function onMessage(event) {
              if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return;
              var data = event.data || {};
              if (data.stripe === 'change' && handlers.change) handlers.change(data.state);
              if (data.stripe === 'ready' && handlers.ready) handlers.ready({});
              if (data.stripe === 'height') frame.style.height = data.height + 'px';
            }
            return {
              mount: function (target) {
                var host = typeof target === 'string' ? document.querySelector(target) : target;
                frame = document.createElement('iframe');
                frame.title = 'Secure card payment input frame';
                frame.setAttribute('allow', 'payment');
                var style = (elementOptions && elementOptions.style && elementOptions.style.base) || {};
                var placeholder = (style['::placeholder'] && style['::placeholder'].color) || '';
                frame.src = origin + '/v3/elements/card?locale=' + encodeURIComponent(locale) +
                  '&color=' + encodeURIComponent(style.color || '') + '&font=' + encodeURIComponent(style.fontFamily || '') +
                  '&background=' + encodeURIComponent(style.backgroundColor || '') + '&placeholder=' + encodeURIComponent(placeholder) +
                  (fonts.length ? '&fonts=' + encodeURIComponent(JSON.stringify(fonts)) : '');
                frame.style.cssText = 'width:100%;height:128px;border:0;display:block;background:transparent';
                window.addEventListener('message', onMessage);
                host.appendChild(frame);
                cardFrame = frame;
              },
              on: function (name, handler) { handlers[name] = handler; return this; },
              focus: function () { if (frame) frame.contentWindow.postMessage({ stripe: 'focus' }, origin); },
              destroy: function () { window.removeEventListener('message', onMessage); if (frame) frame.remove(); frame = null; },
              _frame: function () { return frame; }
            };
          }
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var intentId = intentIdOf(clientSecret);
        var card = data && data.payment_method && data.payment_method.card;
        var start = card
          ? createPaymentMethod(card, data.payment_method.billing_details)
          : Promise.resolve({ paymentMethod: data && typeof data.payment_method === 'string' ? { id: data.payment_method } : null });
        return start.then(function (made) {
          if (made.error) return { error: made.error };
          if (!made.paymentMethod) {
            return call('GET', '/v1/payment_intents/' + intentId, key, { client_secret: clientSecret }).then(function (reply) {
              return settle(key, clientSecret, reply);
            });
          }
          return call('POST', '/v1/payment_intents/' + intentId + '/confirm', key, {
            client_secret: clientSecret,
            payment_method: made.paymentMethod.id,
            setup_future_usage: data && data.setup_future_usage
          }).then(function (reply) { return settle(key, clientSecret, reply); });
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return call('GET', '/v1/payment_intents/' + intentIdOf(clientSecret), key, { client_secret: clientSecret }).then(function (reply) {
          return reply.ok ? { paymentIntent: reply.body } : { error: reply.body.error };
        });
      }
    };
  }
  window.Stripe = Stripe;
})();
`;
}

const FIELD_TEXTS = {
  pt: {
    number: 'Número do cartão',
    expiry: 'MM / AA',
    cvc: 'CVC',
    numberIncomplete: 'O número do cartão está incompleto.',
    numberInvalid: 'O número do cartão é inválido.',
    expiryIncomplete: 'A data de validade do cartão está incompleta.',
    expiryPast: 'O ano de validade do cartão já passou.',
    cvcIncomplete: 'O código de segurança do cartão está incompleto.',
  },
  en: {
    number: 'Card number',
    expiry: 'MM / YY',
    cvc: 'CVC',
    numberIncomplete: 'Your card number is incomplete.',
    numberInvalid: 'Your card number is invalid.',
    expiryIncomplete: "Your card's expiration date is incomplete.",
    expiryPast: "Your card's expiration year is in the past.",
    cvcIncomplete: "Your card's security code is incomplete.",
  },
};

/** The card element's frame: number, expiry and CVC, checked as the customer types. */
/**
 * The @font-face rules of a merchant's custom fonts (Stripe.js's `elements({ fonts })`, each a
 * CustomFontSource: family, src as a CSS src value `url(…)`, weight). Only a plain family name and
 * an http(s) address pass: the rules go into a style element as they are.
 */
export function customFontFaces(json: string | undefined): string {
  if (!json) return '';
  let fonts: unknown;
  try {
    fonts = JSON.parse(json);
  } catch {
    return '';
  }
  if (!Array.isArray(fonts)) return '';
  return fonts
    .slice(0, 4)
    .flatMap((font: { family?: unknown; src?: unknown; weight?: unknown }) => {
      const family = typeof font?.family === 'string' ? font.family : '';
      const src = typeof font?.src === 'string' ? font.src : '';
      const url = /^url\(\s*["']?(https?:\/\/[^"'()\\\s<>]{1,300})["']?\s*\)$/.exec(src.trim())?.[1];
      const weight = typeof font?.weight === 'string' && /^\d{3}$/.test(font.weight) ? font.weight : '400';
      if (!/^[\p{L}\p{N} _-]{1,60}$/u.test(family) || !url) return [];
      return [
        `@font-face{font-family:"${family}";src:url("${url}");font-weight:${weight};font-display:swap}`,
      ];
    })
    .join('');
}

export function cardElementPage(query: {
  locale?: string;
  color?: string;
  font?: string;
  background?: string;
  placeholder?: string;
  fonts?: string;
}): string {
  const texts = /^en/i.test(query.locale ?? '') ? FIELD_TEXTS.en : FIELD_TEXTS.pt;
  const colour = (value: string | undefined, fallback: string) =>
    /^[#\w(),.\s%-]{1,40}$/.test(value ?? '') ? value! : fallback;
  const color = colour(query.color, '#1b1d21');
  const background = colour(query.background, 'transparent');
  const placeholder = colour(query.placeholder, '#6b6b74');
  // The page's web font reaches the frame only as the merchant's `fonts` (loaded here, as Stripe's
  // frames do); the family list follows it, then a generic one. It goes into a style element as it
  // is (HTML escapes mean nothing there); the pattern lets no '<' or '&' through.
  const font = `${/^[\w\s,'"-]{1,120}$/.test(query.font ?? '') ? `${query.font}, ` : ''}system-ui, sans-serif`;
  return `<!doctype html>
<html lang="${texts === FIELD_TEXTS.en ? 'en' : 'pt-BR'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card</title>
<style>
${customFontFaces(query.fonts)}*{box-sizing:border-box}html,body{margin:0;background:${escapeHtml(background)};font-family:${font};color:${escapeHtml(color)}}
input::placeholder{color:${escapeHtml(placeholder)};opacity:1}
.row{display:flex;gap:8px;margin-bottom:8px}
input{font:inherit;font-size:16px;color:inherit;width:100%;min-height:48px;padding:12px;border:1px solid rgba(127,127,127,.7);border-radius:8px;background:transparent}
input:focus{outline:2px solid rgba(127,127,127,.8);outline-offset:0}
input[aria-invalid=true]{border-color:#d93025}
</style></head><body>
<input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="${texts.number}" aria-label="${texts.number}" maxlength="23">
<div class="row" style="margin-top:8px">
<input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${texts.expiry}" aria-label="${texts.expiry}" maxlength="7">
<input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="${texts.cvc}" aria-label="${texts.cvc}" maxlength="4">
</div>
<script>
(function () {
  var T = ${JSON.stringify(texts)};
  var number = document.getElementById('number'), expiry = document.getElementById('expiry'), cvc = document.getElementById('cvc');
  var digits = function (value) { return value.replace(/\\D/g, ''); };
  function luhn(value) {
    var sum = 0;
    for (var i = 0; i < value.length; i++) {
      var d = Number(value[value.length - 1 - i]);
      if (i % 2) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function brand(value) {
    if (/^4/.test(value)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(value)) return 'mastercard';
    if (/^3[47]/.test(value)) return 'amex';
    return 'unknown';
  }
  function parts() {
    var n = digits(number.value), e = digits(expiry.value), c = digits(cvc.value);
    return { number: n, month: Number(e.slice(0, 2)), year: 2000 + Number(e.slice(2, 4)), expiry: e, cvc: c };
  }
  function check(touched) {
    var p = parts(), error = null, complete = false;
    var now = new Date();
    var numberDone = p.number.length >= 16 || (brand(p.number) === 'amex' && p.number.length === 15);
    if (p.number && (touched === 'all' || numberDone) && !numberDone) error = { type: 'validation_error', code: 'incomplete_number', message: T.numberIncomplete };
    else if (numberDone && !luhn(p.number)) error = { type: 'validation_error', code: 'incorrect_number', message: T.numberInvalid };
    else if (p.expiry.length === 4 && (p.month < 1 || p.month > 12 || p.year < now.getFullYear() || (p.year === now.getFullYear() && p.month < now.getMonth() + 1))) error = { type: 'validation_error', code: 'invalid_expiry_year_past', message: T.expiryPast };
    else if (touched === 'all' && p.expiry && p.expiry.length < 4) error = { type: 'validation_error', code: 'incomplete_expiry', message: T.expiryIncomplete };
    else if (touched === 'all' && p.cvc && p.cvc.length < 3) error = { type: 'validation_error', code: 'incomplete_cvc', message: T.cvcIncomplete };
    complete = !error && numberDone && p.expiry.length === 4 && p.cvc.length >= 3;
    number.setAttribute('aria-invalid', String(!!error && /number/.test(error.code)));
    expiry.setAttribute('aria-invalid', String(!!error && /expiry/.test(error.code)));
    cvc.setAttribute('aria-invalid', String(!!error && /cvc/.test(error.code)));
    return { complete: complete, empty: !p.number && !p.expiry && !p.cvc, error: error || undefined, brand: brand(p.number), elementType: 'card' };
  }
  function changed(touched) { parent.postMessage({ stripe: 'change', state: check(touched) }, '*'); }
  number.addEventListener('input', function () {
    var n = digits(number.value).slice(0, 19);
    number.value = n.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (n.length === 16) expiry.focus();
    changed();
  });
  expiry.addEventListener('input', function () {
    var e = digits(expiry.value).slice(0, 4);
    expiry.value = e.length > 2 ? e.slice(0, 2) + ' / ' + e.slice(2) : e;
    if (e.length === 4) cvc.focus();
    changed();
  });
  cvc.addEventListener('input', function () { cvc.value = digits(cvc.value).slice(0, 4); changed(); });
  [number, expiry, cvc].forEach(function (input) { input.addEventListener('blur', function () { changed('all'); }); });
  window.addEventListener('message', function (event) {
    var data = event.data || {};
    if (event.source !== parent) return;
    if (data.stripe === 'focus') number.focus();
    if (data.stripe !== 'create_payment_method') return;
    var state = check('all');
    function answer(result) { parent.postMessage({ nonce: data.nonce, result: result }, event.origin); }
    if (!state.complete) { answer({ error: state.error || { type: 'validation_error', code: 'incomplete_number', message: T.numberIncomplete } }); return; }
    var p = parts();
    var body = 'type=card&card[number]=' + p.number + '&card[exp_month]=' + p.month + '&card[exp_year]=' + p.year + '&card[cvc]=' + p.cvc;
    fetch('/v1/payment_methods', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer ' + data.key }, body: body })
      .then(function (response) { return response.json().then(function (json) { return { ok: response.ok, json: json }; }); })
      .then(function (reply) { answer(reply.ok ? { paymentMethod: reply.json } : { error: reply.json.error }); },
            function () { answer({ error: { type: 'api_connection_error', message: 'Could not reach Stripe.' } }); });
  });
  // The frame follows its content's height whenever it is laid out: a frame loaded while hidden
  // measures 0 and would otherwise stay collapsed once shown.
  var lastHeight = 0;
  function sendHeight() {
    var height = document.body.scrollHeight;
    if (height > 0 && height !== lastHeight) { lastHeight = height; parent.postMessage({ stripe: 'height', height: height }, '*'); }
  }
  sendHeight();
  if (window.ResizeObserver) new ResizeObserver(sendHeight).observe(document.body);
  parent.postMessage({ stripe: 'ready' }, '*');
})();
</script>
</body></html>`;
}

/** The issuer's 3-D Secure page: the customer completes or fails the challenge. */
export function challengePage(input: {
  intentId: string;
  clientSecret: string;
  amountText: string;
  last4: string;
}): string {
  const field = `<input type="hidden" name="client_secret" value="${escapeHtml(input.clientSecret)}">`;
  const action = (what: string) => `/stripe/3ds/${encodeURIComponent(input.intentId)}/${what}`;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1b1d21}h1{font-size:1.2rem}
p{color:#444}form{margin:12px 0}button{width:100%;min-height:48px;border-radius:8px;border:1px solid #888;font:inherit;font-size:16px;background:#fff}
button.ok{background:#1b1d21;color:#fff;border-color:#1b1d21}</style></head><body>
<h1>Autenticação do banco (teste)</h1>
<p>Confirme a compra de ${escapeHtml(input.amountText)} com o cartão final ${escapeHtml(input.last4)}.</p>
<form method="post" action="${action('complete')}">${field}<button class="ok">Autenticar</button></form>
<form method="post" action="${action('fail')}">${field}<button>Falhar autenticação</button></form>
</body></html>`;
}

/** After the challenge: tells the kit on the merchant's page that it is over. */
export function challengeDonePage(): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>3D Secure</title></head>
<body><p>Autenticação concluída.</p><script>parent.postMessage({ stripe: '3ds-done' }, '*');</script></body></html>`;
}
