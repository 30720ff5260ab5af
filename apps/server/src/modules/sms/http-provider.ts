import { type SmsContext, SmsDeliveryError, type SmsProvider } from './provider.ts';

export interface HttpSmsOptions {
  url: string;
  token?: string | undefined;
  timeoutMs: number;
}

/**
 * A real SMS gateway over HTTP (SMS_PROVIDER=http): POST `{to, message}` as JSON to SMS_HTTP_URL
 * with `Authorization: Bearer SMS_HTTP_TOKEN`; any 2xx is accepted. Gateways with another body
 * need their own adapter beside this one.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';

  constructor(private readonly options: HttpSmsOptions) {}

  async send(phone: string, text: string, _context: SmsContext): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify({ to: phone, message: text }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new SmsDeliveryError(`SMS gateway request ${reason}`, { cause: error });
    }
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
  }
}
