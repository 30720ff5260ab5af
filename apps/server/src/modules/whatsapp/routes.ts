import {
  customerWhatsappReply,
  customerWhatsappRequest,
  errorReply,
  positiveIdParam,
  whatsappConversationReply,
  whatsappConversationsReply,
  whatsappMessage,
  whatsappReplyRequest,
  whatsappSettingsReply,
  whatsappSettingsRequest,
} from '@comanda/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { WEBHOOK_PATH, type WhatsappService } from './service.ts';

const signedIn = { 401: errorReply, 403: errorReply };
const customerFirst = async (request: FastifyRequest) => {
  await requireCustomer(request);
};

/** The store's WhatsApp channel: settings, inbox, the customer's consent and Meta's webhook (docs/decisions/0072). */
export function registerWhatsappRoutes(ctx: AppContext, services: { whatsapp: WhatsappService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.whatsapp;
  const tags = ['whatsapp'];

  app.get(
    '/staff/whatsapp/settings',
    {
      config: { capability: 'whatsapp.settings' },
      schema: {
        tags,
        summary:
          'The store’s WhatsApp channel: number, whether each secret is set, templates, recent failures',
        description:
          'Secrets are never returned, only whether each is set. `templates`: what the app sends, per language, ' +
          'with the text to register at Meta; `registrado` is the store’s own mark. `falhas_recentes`: the last 20 ' +
          'refused webhooks and Meta errors. The owner.',
        security: SECURITY_BEARER,
        response: { 200: whatsappSettingsReply, ...signedIn },
      },
    },
    async (request) => service.settings(requireStaff(request)),
  );

  app.put(
    '/staff/whatsapp/settings',
    {
      config: { capability: 'whatsapp.settings' },
      schema: {
        tags,
        summary: 'Set the store’s WhatsApp channel',
        description:
          'A secret left out or empty keeps the stored one; secrets are sealed as the payment provider’s are. ' +
          'Activating needs the phone number id, token, app secret and verify token. 400 WHATSAPP_SETTINGS_INVALID ' +
          'naming the field; 409 WHATSAPP_SECRETS_UNAVAILABLE when the server has no key to seal them. The change ' +
          'goes to the change history.',
        security: SECURITY_BEARER,
        body: whatsappSettingsRequest,
        response: { 200: whatsappSettingsReply, 400: errorReply, ...signedIn, 409: errorReply },
      },
    },
    async (request) => service.saveSettings(requireStaff(request), request.body),
  );

  app.get(
    '/staff/whatsapp/conversations',
    {
      config: { capability: 'whatsapp.inbox' },
      schema: {
        tags,
        summary: 'The store’s WhatsApp conversations, newest first',
        description:
          '`precisa_atendente`: the store could not answer by itself; `janela_aberta_ate`: until when free text may ' +
          'be sent (24 h after the customer’s last message), null when closed.',
        security: SECURITY_BEARER,
        response: { 200: whatsappConversationsReply, ...signedIn },
      },
    },
    async (request) => service.conversations(requireStaff(request)),
  );

  app.get(
    '/staff/whatsapp/conversations/:id',
    {
      config: { capability: 'whatsapp.inbox' },
      schema: {
        tags,
        summary: 'One conversation with its messages (reading it marks it read)',
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: { 200: whatsappConversationReply, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    async (request) => service.conversation(requireStaff(request), request.params.id),
  );

  app.post(
    '/staff/whatsapp/conversations/:id/messages',
    {
      config: { capability: 'whatsapp.inbox' },
      schema: {
        tags,
        summary: 'Reply in a conversation (free text, within the 24-hour window)',
        description:
          '409 WHATSAPP_WINDOW_CLOSED outside the window (Meta allows only templates then); 409 WHATSAPP_NOT_ACTIVE ' +
          'when the channel is off. A message Meta refused is answered 201 with status `falhou` and its error.',
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: whatsappReplyRequest,
        response: { 201: whatsappMessage, 400: errorReply, ...signedIn, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const message = await service.reply(requireStaff(request), request.params.id, request.body.texto);
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/core/v2/app/customer/whatsapp',
    {
      preValidation: customerFirst,
      schema: {
        tags,
        summary: 'Whether the store has WhatsApp and the customer gets order updates there',
        security: SECURITY_BEARER,
        response: { 200: customerWhatsappReply, ...signedIn },
      },
    },
    async (request) => service.customerSettings(await requireCustomer(request)),
  );

  app.put(
    '/core/v2/app/customer/whatsapp',
    {
      preValidation: customerFirst,
      schema: {
        tags,
        summary: 'Agree to, or stop, order updates on WhatsApp',
        description: 'Recorded in the consent log (LGPD) with the time and the channel `profile`.',
        security: SECURITY_BEARER,
        body: customerWhatsappRequest,
        response: { 200: customerWhatsappReply, 400: errorReply, ...signedIn },
      },
    },
    async (request) =>
      service.setCustomerSettings(await requireCustomer(request), request.body.atualizacoes_pedido),
  );

  // Meta's webhook: its signature is over the raw body.
  ctx.app.register(async (scope: FastifyInstance) => {
    const raw = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, body);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, raw);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary: 'Meta’s webhook verification handshake',
          description:
            '`hub.mode=subscribe`, `hub.verify_token` = the store’s verify token: answers `hub.challenge` as text; ' +
            'otherwise 403.',
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (request, reply) => {
        const result = await service.verifyWebhook(request.store?.id ?? null, request.query);
        if (result.statusCode === 200) return reply.type('text/plain').send(String(result.body));
        return reply.status(result.statusCode).send(result.body);
      },
    );
    typed.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary: 'Meta’s webhook: message statuses and the customers’ messages',
          description:
            '`X-Hub-Signature-256` over the raw body with the channel’s app secret. 401 BAD_SIGNATURE, 404 ' +
            'UNKNOWN_PHONE_NUMBER_ID (not this store’s number), 400 WEBHOOK_INVALID; each recorded among the ' +
            'channel’s recent failures. Statuses move the message forward (sent, delivered, read, failed); a ' +
            'message is answered by the store (menu, hours, order status, "parar") or flagged for a person.',
        },
      },
      async (request, reply) => {
        const result = await service.webhook(
          request.store?.id ?? null,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof request.headers['x-hub-signature-256'] === 'string'
            ? request.headers['x-hub-signature-256']
            : undefined,
        );
        return reply.status(result.statusCode).send(result.body);
      },
    );
  });
}
