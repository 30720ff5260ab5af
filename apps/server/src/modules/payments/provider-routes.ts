import { errorReply, staffPaymentProviderReply, staffPaymentProviderRequest } from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { ProviderChange } from './provider-change.ts';

/* The store's payment provider, changed by an owner (issue 33 part 5, docs/decisions/0063). */

const OWNERS =
  'Owners only (payments.pix_key); other roles and a customer token 403, another store’s token or none 401.';

export function registerProviderChangeRoutes(ctx: AppContext, services: { providerChange: ProviderChange }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.providerChange;

  app.get(
    '/staff/payments/provider',
    {
      config: { capability: 'payments.pix_key' },
      schema: {
        tags: ['staff'],
        summary: 'The store’s payment provider, without its secrets',
        description:
          'The provider (null: none), its settings that are not secrets (the PIX key masked) and the names ' +
          `of the secrets kept sealed; a secret’s value is never sent.\n\n${OWNERS}`,
        security: SECURITY_BEARER,
        response: { 200: staffPaymentProviderReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => service.current(requireStaff(request)),
  );

  app.put(
    '/staff/payments/provider',
    {
      config: { capability: 'payments.pix_key' },
      schema: {
        tags: ['staff'],
        summary: 'Change the store’s payment provider or its credentials',
        description:
          'The `payment_provider` section of the store document (docs/store-import-format.md) as `provider` ' +
          'and `settings`; with the same provider, a setting left out or empty keeps the store’s own (so ' +
          'secrets need not be typed again). Checked as the import checks it: 400 INVALID_PROVIDER_SETTINGS ' +
          'naming the field. Confirmed with the owner’s own password in `owner_password`: 403 ' +
          'OWNER_PASSWORD_REQUIRED / OWNER_PASSWORD_WRONG (counted, with a wait, as the sign-in). Secrets are ' +
          'sealed with PAYMENT_SECRETS_KEY (409 PAYMENT_SECRETS_UNAVAILABLE without it). The change is ' +
          'written to the change history (section payment_provider, secrets by name only) and announced to ' +
          `every owner (notice payment_provider). Any refusal changes nothing.\n\n${OWNERS}`,
        security: SECURITY_BEARER,
        body: staffPaymentProviderRequest,
        response: {
          200: staffPaymentProviderReply,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          409: errorReply,
          429: errorReply,
        },
      },
    },
    async (request) => service.change(requireStaff(request), request.body),
  );
}
