import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { simulatorPage } from './page.ts';
import {
  newWamid,
  readState,
  type StandinAccount,
  type StandinConversation,
  type StandinMessage,
  type StandinState,
  writeState,
} from './state.ts';
import {
  WebhookSender as Sender,
  signedWebhook,
  type WebhookSender,
  type WebhookTransport,
} from './webhooks.ts';

/*
 * The local stand-in of the WhatsApp Business Cloud API (docs/decisions/0072): one server on loopback
 * that answers `POST /{version}/{phone-number-id}/messages` as Meta's Graph API does (its shapes and
 * errors: 190 bad token, 100 unknown number or bad parameter, 132001 template not registered, a
 * `failed` status with 131047 outside the 24-hour window), keeps the conversations, sends signed
 * status (sent, delivered, read) and inbound-message webhooks, and offers a phone-like simulator
 * page (and JSON calls for the CLI and tests) where a person replies as the customer. It can be told
 * to fail the next sends, to test the store's retries.
 */

export type { StandinAccount, StandinConversation, StandinMessage } from './state.ts';
export { httpTransport, type OutgoingWebhook, type WebhookTransport } from './webhooks.ts';

export const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WhatsappStandinOptions {
  /** Port on 127.0.0.1 (0: any free port). */
  port?: number;
  /** Where accounts and conversations are kept between restarts; in memory when null. */
  dataFile?: string | null;
  now?: () => Date;
  transport?: WebhookTransport;
  /** Delay before a webhook's second try; doubles after each. */
  webhookRetryMs?: number;
}

export interface FailureMode {
  /** How many of the next sends fail. */
  count: number;
  /** Meta's error code they answer: 131000 (something went wrong, HTTP 500) by default; 130429 rate limit (HTTP 429). */
  code?: number;
}

export interface WhatsappStandin {
  url: string;
  state: StandinState;
  webhooks: WebhookSender;
  registerAccount(account: StandinAccount): void;
  /** The customer `from` writes to the business's number (its webhook follows). */
  reply(input: { from: string; text: string; name?: string; phoneNumberId?: string }): StandinMessage;
  /** The customer opens the chat: the business's messages to them become read (with their webhooks). */
  read(waId: string, phoneNumberId?: string): void;
  failNext(mode: FailureMode): void;
  conversation(waId: string, phoneNumberId?: string): StandinConversation | undefined;
  close(): Promise<void>;
}

interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

const graphError = (
  code: number,
  message: string,
  details?: string,
  type = 'OAuthException',
): GraphErrorBody => ({
  error: {
    message,
    type,
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp' as const, details } } : {}),
    fbtrace_id: `A${Math.random().toString(36).slice(2, 12)}`,
  },
});

const FAILURE_TEXT: Record<number, { status: number; message: string; details: string }> = {
  130429: {
    status: 429,
    message: '(#130429) Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  131056: {
    status: 429,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  },
  131000: {
    status: 500,
    message: '(#131000) Something went wrong',
    details: 'Message failed to send due to an unknown error.',
  },
  131026: {
    status: 400,
    message: '(#131026) Message undeliverable',
    details: 'Unable to deliver message. The recipient may not be a WhatsApp user.',
  },
};

export async function startWhatsappStandin(options: WhatsappStandinOptions = {}): Promise<WhatsappStandin> {
  const now = options.now ?? (() => new Date());
  const dataFile = options.dataFile ?? null;
  const state = readState(dataFile);
  const webhooks = new Sender(options.transport, 5, options.webhookRetryMs ?? 1000);
  const failures: Required<FailureMode>[] = [];
  const save = () => writeState(dataFile, state);

  const accountOf = (phoneNumberId?: string) =>
    phoneNumberId
      ? state.accounts.find((account) => account.phoneNumberId === phoneNumberId)
      : state.accounts.length === 1
        ? state.accounts[0]
        : undefined;
  const conversationOf = (account: StandinAccount, waId: string, name?: string) => {
    let conversation = state.conversations.find(
      (candidate) => candidate.phoneNumberId === account.phoneNumberId && candidate.waId === waId,
    );
    if (!conversation) {
      conversation = {
        phoneNumberId: account.phoneNumberId,
        waId,
        name: name ?? `+${waId}`,
        lastInboundAt: null,
        messages: [],
      };
      state.conversations.push(conversation);
    }
    if (name) conversation.name = name;
    return conversation;
  };
  const envelope = (account: StandinAccount, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: `waba-${account.phoneNumberId}`,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: account.displayPhoneNumber,
                phone_number_id: account.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const sendStatus = (
    account: StandinAccount,
    conversation: StandinConversation,
    message: StandinMessage,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string; details: string },
  ) => {
    const payload = envelope(account, {
      statuses: [
        {
          id: message.id,
          status,
          timestamp: String(Math.floor(now().getTime() / 1000)),
          recipient_id: conversation.waId,
          ...(status === 'sent'
            ? {
                conversation: {
                  id: `conv-${conversation.waId}`,
                  origin: { type: message.type === 'template' ? 'utility' : 'service' },
                },
              }
            : {}),
          ...(error
            ? {
                errors: [
                  {
                    code: error.code,
                    title: error.title,
                    message: error.title,
                    error_data: { details: error.details },
                  },
                ],
              }
            : {}),
        },
      ],
    });
    webhooks.send(signedWebhookOf(account, payload));
  };

  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // The Graph API: the messages endpoint.
  app.post<{ Params: { version: string; phoneNumberId: string }; Body: Record<string, unknown> | undefined }>(
    '/:version/:phoneNumberId/messages',
    async (request, reply) => {
      const account = state.accounts.find(
        (candidate) => candidate.phoneNumberId === request.params.phoneNumberId,
      );
      const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (!account) {
        return reply
          .code(400)
          .send(
            graphError(
              100,
              `Unsupported post request. Object with ID '${request.params.phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
              undefined,
              'GraphMethodException',
            ),
          );
      }
      if (!token || token !== account.token) {
        return reply
          .code(401)
          .send(graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
      }
      const body = request.body ?? {};
      const to = typeof body.to === 'string' ? body.to.replace(/\D/g, '') : '';
      if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to)) {
        return invalidParameter(reply, 'messaging_product must be whatsapp and to a phone number');
      }
      let message: StandinMessage;
      if (body.type === 'text') {
        const text = (body.text as { body?: unknown } | undefined)?.body;
        if (typeof text !== 'string' || text.trim() === '' || text.length > 4096) {
          return invalidParameter(reply, 'text.body is required (up to 4096 characters)');
        }
        message = {
          id: newWamid(),
          direction: 'out',
          type: 'text',
          text,
          template: null,
          copyCode: null,
          status: 'sent',
          at: now().toISOString(),
        };
      } else if (body.type === 'template') {
        const template = body.template as
          | { name?: unknown; language?: { code?: unknown }; components?: unknown }
          | undefined;
        if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') {
          return invalidParameter(reply, 'template.name and template.language.code are required');
        }
        if (!account.templates.includes(template.name)) {
          return reply
            .code(404)
            .send(
              graphError(
                132001,
                '(#132001) Template name does not exist in the translation',
                `template name (${template.name}) does not exist in ${template.language.code}`,
              ),
            );
        }
        const components = Array.isArray(template.components)
          ? (template.components as Record<string, unknown>[])
          : [];
        const parameters = (type: string) =>
          (
            (components.find((component) => component.type === type)?.parameters as
              | { text?: unknown }[]
              | undefined) ?? []
          ).map((parameter) => (typeof parameter.text === 'string' ? parameter.text : ''));
        const bodyValues = parameters('body');
        const button = components.find(
          (component) => component.type === 'button' && component.sub_type === 'url',
        );
        const copyCode = button
          ? (((button.parameters as { text?: unknown }[] | undefined)?.[0]?.text as string | undefined) ??
            null)
          : null;
        const registeredText = account.templateTexts?.[template.name]?.[template.language.code];
        message = {
          id: newWamid(),
          direction: 'out',
          type: 'template',
          text: registeredText
            ? registeredText.replace(
                /\{\{(\d+)\}\}/g,
                (_, index: string) => bodyValues[Number(index) - 1] ?? '',
              )
            : bodyValues.join(' · '),
          template: template.name,
          copyCode: typeof copyCode === 'string' ? copyCode : null,
          status: 'sent',
          at: now().toISOString(),
        };
      } else {
        return invalidParameter(reply, 'type must be text or template');
      }
      const failure = failures[0];
      if (failure) {
        failure.count--;
        if (failure.count <= 0) failures.shift();
        const known = FAILURE_TEXT[failure.code] ?? {
          status: 400,
          message: `(#${failure.code}) Error`,
          details: 'Simulated failure.',
        };
        return reply.code(known.status).send(graphError(failure.code, known.message, known.details));
      }
      const conversation = conversationOf(account, to);
      const windowOpen =
        conversation.lastInboundAt !== null &&
        now().getTime() - Date.parse(conversation.lastInboundAt) < WINDOW_MS;
      conversation.messages.push(message);
      if (message.type === 'text' && !windowOpen) {
        // As Meta does: accepted, then a failed status (131047) by webhook.
        message.status = 'failed';
        save();
        sendStatus(account, conversation, message, 'failed', {
          code: 131047,
          title: 'Re-engagement message',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        });
      } else {
        message.status = 'delivered';
        save();
        sendStatus(account, conversation, message, 'sent');
        sendStatus(account, conversation, message, 'delivered');
      }
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(body.to), wa_id: to }],
        messages: [{ id: message.id }],
      };
    },
  );

  const registerAccount = (account: StandinAccount) => {
    const index = state.accounts.findIndex((candidate) => candidate.phoneNumberId === account.phoneNumberId);
    if (index >= 0) state.accounts[index] = account;
    else state.accounts.push(account);
    save();
  };
  const replyAsCustomer = (input: { from: string; text: string; name?: string; phoneNumberId?: string }) => {
    const account = accountOf(input.phoneNumberId);
    if (!account) throw new Error('stand-in: no such business number');
    const from = input.from.replace(/\D/g, '');
    if (!/^\d{8,15}$/.test(from)) throw new Error('stand-in: from must be a phone number');
    const conversation = conversationOf(account, from, input.name);
    const at = now();
    const message: StandinMessage = {
      id: newWamid(),
      direction: 'in',
      type: 'text',
      text: input.text.slice(0, 4096),
      template: null,
      copyCode: null,
      status: 'received',
      at: at.toISOString(),
    };
    conversation.messages.push(message);
    conversation.lastInboundAt = at.toISOString();
    save();
    webhooks.send(
      signedWebhookOf(
        account,
        envelope(account, {
          contacts: [{ profile: { name: conversation.name }, wa_id: from }],
          messages: [
            {
              from,
              id: message.id,
              timestamp: String(Math.floor(at.getTime() / 1000)),
              type: 'text',
              text: { body: message.text },
            },
          ],
        }),
      ),
    );
    return message;
  };
  const read = (waId: string, phoneNumberId?: string) => {
    const account = accountOf(phoneNumberId);
    const conversation =
      account &&
      state.conversations.find((c) => c.phoneNumberId === account.phoneNumberId && c.waId === waId);
    if (!account || !conversation) return;
    for (const message of conversation.messages) {
      if (message.direction === 'out' && message.status === 'delivered') {
        message.status = 'read';
        sendStatus(account, conversation, message, 'read');
      }
    }
    save();
  };
  const failNext = (mode: FailureMode) => {
    failures.push({ count: Math.max(1, mode.count), code: mode.code ?? 131000 });
  };

  // The simulator: JSON for the CLI and tests, a phone-like page for people.
  app.post<{ Body: Record<string, unknown> }>('/simulator/accounts', async (request, reply) => {
    const body = request.body ?? {};
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
    if (
      !/^\d{3,32}$/.test(text('phone_number_id')) ||
      !text('token') ||
      !text('app_secret') ||
      !/^https?:\/\//.test(text('webhook_url'))
    ) {
      return reply
        .code(400)
        .send({ error: 'phone_number_id, token, app_secret and webhook_url are required' });
    }
    const account: StandinAccount = {
      phoneNumberId: text('phone_number_id'),
      displayPhoneNumber: text('display_phone_number'),
      name: text('name') || 'Loja',
      token: text('token'),
      appSecret: text('app_secret'),
      webhookUrl: text('webhook_url'),
      templates: Array.isArray(body.templates)
        ? body.templates.filter((name): name is string => typeof name === 'string')
        : [],
      ...(body.template_texts && typeof body.template_texts === 'object'
        ? { templateTexts: body.template_texts as Record<string, Record<string, string>> }
        : {}),
    };
    registerAccount(account);
    return { ok: true };
  });
  app.get('/simulator/conversations', async () =>
    state.conversations.map((conversation) => ({
      ...conversation,
      business: accountOf(conversation.phoneNumberId)?.name ?? conversation.phoneNumberId,
    })),
  );
  app.post<{ Body: Record<string, unknown> }>('/simulator/reply', async (request, reply) => {
    const body = request.body ?? {};
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    const from = typeof body.from === 'string' ? body.from : '';
    if (!text) return reply.code(400).send({ error: 'text is required' });
    try {
      const message = replyAsCustomer({
        from,
        text,
        ...(typeof body.name === 'string' && body.name ? { name: body.name } : {}),
        ...(typeof body.phone_number_id === 'string' && body.phone_number_id
          ? { phoneNumberId: body.phone_number_id }
          : {}),
      });
      if (request.headers.accept?.includes('text/html')) {
        return reply.redirect(
          `/?c=${encodeURIComponent(`${body.phone_number_id ?? accountOf()?.phoneNumberId ?? ''}:${from.replace(/\D/g, '')}`)}`,
        );
      }
      return message;
    } catch (error) {
      return reply.code(400).send({ error: (error as Error).message });
    }
  });
  app.post<{ Body: Record<string, unknown> }>('/simulator/fail', async (request) => {
    const body = request.body ?? {};
    failNext({ count: Number(body.count ?? 1) || 1, code: Number(body.code ?? 131000) || 131000 });
    return { failing: failures };
  });
  app.get<{ Querystring: { c?: string } }>('/', async (request, reply) => {
    const [phoneNumberId, waId] = (request.query.c ?? '').split(':');
    if (phoneNumberId && waId) read(waId, phoneNumberId);
    return reply
      .type('text/html; charset=utf-8')
      .send(simulatorPage(state, phoneNumberId && waId ? { phoneNumberId, waId } : null));
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    webhooks,
    registerAccount,
    reply: replyAsCustomer,
    read,
    failNext,
    conversation: (waId, phoneNumberId) => {
      const account = accountOf(phoneNumberId);
      return state.conversations.find(
        (conversation) =>
          conversation.waId === waId && (!account || conversation.phoneNumberId === account.phoneNumberId),
      );
    },
    async close() {
      await webhooks.settled();
      await closeApp(app);
    },
  };
}

function signedWebhookOf(account: StandinAccount, payload: unknown) {
  return signedWebhook(account.webhookUrl, account.appSecret, payload);
}

function invalidParameter(reply: FastifyReply, details: string) {
  return reply.code(400).send(graphError(100, '(#100) Invalid parameter', details));
}

async function closeApp(app: FastifyInstance) {
  await app.close();
}
