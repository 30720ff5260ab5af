import {
  customer,
  customerIdParams,
  customerUpdateRequest,
  errorReply,
  formatQuery,
  privacyQuery,
  privacyReply,
  privacyUpdateReply,
  privacyUpdateRequest,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { CustomerService } from './service.ts';

const tags = ['account'];
const signedIn = { 401: errorReply, 403: errorReply };

/** The customer record and the privacy preference (spec section 7 "Privacy"). */
export function registerCustomerRoutes(ctx: AppContext, services: { customers: CustomerService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.customers;

  app.get(
    '/core/cliente_app/:id',
    {
      schema: {
        tags,
        summary: 'The signed-in customer',
        description:
          'id: the token’s user_id (= cliente_id). Another id answers 403 FORBIDDEN; staff tokens too. ' +
          'send_promo is get_promo or remove_promo; telefones are "kind:number".',
        security: SECURITY_BEARER,
        params: customerIdParams,
        querystring: formatQuery,
        response: { 200: customer, ...signedIn, 404: errorReply },
      },
    },
    async (request) => service.get(await requireCustomer(request), request.params.id),
  );

  app.patch(
    '/core/cliente_app/:id',
    {
      schema: {
        tags,
        summary: 'Change the signed-in customer’s name, e-mail or document',
        description:
          'Only the fields sent change; null or "" clears email or documento. Refusals: INVALID_NAME ' +
          '(name and surname), INVALID_EMAIL, INVALID_DOCUMENT (a valid CPF or CNPJ).',
        security: SECURITY_BEARER,
        params: customerIdParams,
        querystring: formatQuery,
        body: customerUpdateRequest,
        response: { 200: customer, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    async (request) => service.update(await requireCustomer(request), request.params.id, request.body),
  );

  app.get(
    '/core/v2/customer/get-customer-privacy/',
    {
      schema: {
        tags,
        summary: 'Promotional-messages preference by the public privacy link',
        description:
          'cid: the random token of the customer’s privacy link (not the customer id). Shows the first ' +
          'name and the preference only. Unknown: 404 CUSTOMER_NOT_FOUND.',
        querystring: privacyQuery,
        response: { 200: privacyReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) => service.privacyByLink(request.store.id, request.query.cid),
  );

  app.post(
    '/core/v2/customer/update-customer-privacy',
    {
      schema: {
        tags,
        summary: 'Turn promotional messages on or off',
        description:
          'is_encoded true: cid is the privacy link’s token, no sign-in needed. is_encoded false: cid is the ' +
          'customer id and the call needs that customer’s bearer token (401 without, 403 for another). ' +
          'Every change is recorded with its channel (link or profile) and time.',
        security: [...SECURITY_BEARER, {}],
        querystring: formatQuery,
        body: privacyUpdateRequest,
        response: { 200: privacyUpdateReply, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    (request) => service.updatePrivacy(request, request.store.id, request.body),
  );
}
