import { safeFontFamily, storeFontStylesheet } from '@comanda/domain';
/*
 * The card provider's browser kit (spec section 4 "Card SDK load state", section 9 "Card SDK poll
 * 500 ms"): loaded on demand on the card route only, never with the menu. The kit's own fields take
 * the card; this page never sees a number, an expiry or a CVC (docs/decisions/0029). The calls below
 * are Stripe.js v3's, which the stand-in PSP's kit also speaks.
 */

/** 0 none, 1 needs load, 2 loading (polled every 500 ms), 3 ready. */
export type CardKitState = 0 | 1 | 2 | 3;

export const CARD_KIT_POLL_MS = 500;
/** Past this the kit counts as failed to load (a phone on a weak signal gets a clear error). */
export const CARD_KIT_TIMEOUT_MS = 20_000;

export interface CardKitError {
  type?: string;
  code?: string;
  decline_code?: string | null;
  message?: string;
}

/** What the card fields tell as the customer types. */
export interface CardFieldState {
  complete: boolean;
  empty: boolean;
  error?: CardKitError;
}

export interface CardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (state: CardFieldState) => void): CardElement;
  on(event: 'ready', handler: () => void): CardElement;
  destroy(): void;
}

export interface CardConfirmation {
  paymentIntent?: { id: string; status: string };
  error?: CardKitError;
}

/** Stripe.js's CustomFontSource: a font the card element's frame loads (`src` a CSS src value). */
export interface CustomFontSource {
  family: string;
  src: string;
  weight?: string;
  display?: string;
}

export interface CardKitClient {
  elements(options?: { fonts?: CustomFontSource[] }): {
    create(
      type: 'card',
      options?: { style?: { base?: Record<string, string | { color: string }> } },
    ): CardElement;
  };
  /** New card (with the element), or a saved card's pending 3-D Secure (no data). */
  confirmCardPayment(
    clientSecret: string,
    data?: { payment_method?: { card: CardElement }; setup_future_usage?: 'off_session' },
  ): Promise<CardConfirmation>;
}

type KitFactory = (publicKey: string, options?: { locale?: string }) => CardKitClient;

/** Mercado Pago's SDK v2, as far as the card route uses it. */
export interface MercadoPagoField {
  mount(containerId: string): MercadoPagoField;
  on(
    event: 'validityChange',
    handler: (detail: { field: string; errorMessages: { message: string }[] }) => void,
  ): MercadoPagoField;
  on(event: 'ready', handler: () => void): MercadoPagoField;
  unmount(): MercadoPagoField;
}

export interface MercadoPagoToken {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
}

export interface MercadoPagoClient {
  fields: {
    create(
      type: 'cardNumber' | 'expirationDate' | 'securityCode',
      options?: {
        placeholder?: string;
        style?: Record<string, string>;
        /** Stylesheets with @font-face rules the field's frame loads (SDK v2's customFonts). */
        customFonts?: { src: string }[];
      },
    ): MercadoPagoField;
    createCardToken(
      data:
        | { cardholderName: string; identificationType: string; identificationNumber: string }
        | { cardId: string },
    ): Promise<MercadoPagoToken>;
  };
  getPaymentMethods(query: { bin: string }): Promise<{ results: { id: string }[] }>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoClient;

export interface CardKit {
  provider: string;
  scriptUrl: string;
  publicKey: string;
}

/** The kit's name as the customer knows it, for 'Erro ao abrir ...'. */
export function cardKitName(provider: string): string {
  return provider === 'stripe' ? 'Stripe' : provider === 'mercadopago' ? 'Mercado Pago' : provider;
}

/** The kit's global once its script ran: Stripe.js's `Stripe`, Mercado Pago's `MercadoPago`. */
function kitGlobal(provider: string): unknown {
  const global = window as unknown as Record<string, unknown>;
  const value =
    provider === 'stripe' ? global.Stripe : provider === 'mercadopago' ? global.MercadoPago : null;
  return typeof value === 'function' ? value : null;
}

/**
 * Loads the kit's script (once per page). The state goes 1, 2, 3 as the spec's load states; a script
 * that fails, or never defines the kit within the timeout, rejects with the reason (shown after
 * 'Detalhes:').
 */
function loadKitScript(kit: CardKit, onState: (state: CardKitState) => void): Promise<void> {
  onState(1);
  if (kitGlobal(kit.provider)) {
    onState(3);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    onState(2);
    let script = document.querySelector<HTMLScriptElement>(`script[data-card-kit="${kit.provider}"]`);
    let failed: string | null = null;
    if (!script) {
      script = document.createElement('script');
      script.src = kit.scriptUrl;
      script.async = true;
      script.dataset.cardKit = kit.provider;
      document.head.append(script);
    }
    script.addEventListener('error', () => {
      failed = 'o script não carregou';
    });
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (kitGlobal(kit.provider)) {
        window.clearInterval(timer);
        onState(3);
        resolve();
      } else if (failed || Date.now() - started > CARD_KIT_TIMEOUT_MS) {
        window.clearInterval(timer);
        script?.remove();
        reject(new Error(failed ?? 'tempo esgotado'));
      }
    }, CARD_KIT_POLL_MS);
  });
}

/** Stripe.js's client for the store's publishable key. */
export async function loadCardKit(
  kit: CardKit,
  locale: string,
  onState: (state: CardKitState) => void = () => {},
): Promise<CardKitClient> {
  await loadKitScript(kit, onState);
  return (kitGlobal(kit.provider) as KitFactory)(kit.publicKey, { locale });
}

/** Mercado Pago's SDK for the store's public key. */
export async function loadMercadoPago(
  kit: CardKit,
  locale: string,
  onState: (state: CardKitState) => void = () => {},
): Promise<MercadoPagoClient> {
  await loadKitScript(kit, onState);
  const Kit = kitGlobal(kit.provider) as MercadoPagoConstructor;
  return new Kit(kit.publicKey, { locale });
}

/**
 * The store's font for the provider's card frames (issue 34: the card fields were in the frame's own
 * font). The frames are of the provider's origin and load nothing of the page: each kit is given the
 * font through its documented option, as absolute addresses: Stripe.js a CustomFontSource (the font
 * file), Mercado Pago's SDK a stylesheet with its @font-face. Null for the system font.
 */
export function cardFieldFont(
  company: { font_family: string; font_url: string | null } | undefined,
  origin: string = window.location.origin,
): { family: string; stripe: CustomFontSource; stylesheet: string | null } | null {
  const family = company ? safeFontFamily(company.font_family) : '';
  if (!company?.font_url || !family) return null;
  const stylesheet = storeFontStylesheet(company.font_url);
  return {
    family,
    stripe: {
      family,
      src: `url(${JSON.stringify(new URL(company.font_url, origin).href)})`,
      weight: '400',
      display: 'swap',
    },
    stylesheet: stylesheet ? new URL(stylesheet, origin).href : null,
  };
}
