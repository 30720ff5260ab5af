import { CourierProviderError } from './courier-provider.ts';

/*
 * iFood's access token by the client credentials flow (Authentication module, centralized apps):
 * POST /authentication/v1.0/oauth/token, form-encoded grantType=client_credentials, clientId and
 * clientSecret; the reply's accessToken lasts expiresIn seconds (6 hours by default) and comes
 * without a refresh token, so a new one is asked before the old one ends. One source per store's
 * credentials: the token is cached and shared by concurrent calls.
 */

/** A token is renewed this long before it ends (or at half its life when that is shorter). */
const RENEW_BEFORE_MS = 5 * 60_000;

export interface IfoodTokenOptions {
  baseUrl: string | (() => string);
  clientId: string;
  clientSecret: string;
  now: () => Date;
  fetch?: typeof fetch;
}

export class IfoodTokenSource {
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly options: IfoodTokenOptions) {}

  /** A token valid for a while yet: the cached one, or a new one when it is near its end. */
  get(): Promise<string> {
    const at = this.options.now().getTime();
    if (this.token && at < this.token.renewAt) return Promise.resolve(this.token.value);
    if (!this.pending) {
      this.pending = this.ask().finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  private async ask(): Promise<string> {
    const doFetch = this.options.fetch ?? fetch;
    const base = typeof this.options.baseUrl === 'string' ? this.options.baseUrl : this.options.baseUrl();
    const asked = this.options.now().getTime();
    let response: Response;
    try {
      response = await doFetch(`${base.replace(/\/$/, '')}/authentication/v1.0/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grantType: 'client_credentials',
          clientId: this.options.clientId,
          clientSecret: this.options.clientSecret,
        }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new CourierProviderError('UNREACHABLE', 'O serviço de entregas não respondeu.');
    }
    const json = (await response.json().catch(() => null)) as {
      accessToken?: unknown;
      expiresIn?: unknown;
    } | null;
    if (!response.ok || typeof json?.accessToken !== 'string') {
      this.token = null;
      throw new CourierProviderError(
        response.status === 401 ? 'INVALID_CREDENTIALS' : `TOKEN_HTTP_${response.status}`,
        'O serviço de entregas recusou as credenciais da loja.',
      );
    }
    const lifeMs =
      (typeof json.expiresIn === 'number' && json.expiresIn > 0 ? json.expiresIn : 21_600) * 1000;
    this.token = { value: json.accessToken, renewAt: asked + lifeMs - Math.min(RENEW_BEFORE_MS, lifeMs / 2) };
    return json.accessToken;
  }
}
