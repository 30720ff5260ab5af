import {
  errorReply,
  guestTableReply,
  staffTab,
  staffTabListQuery,
  staffTabListReply,
  staffTable,
  staffTablesReply,
  TABLE_CALL_EVENT,
  tabCloseRequest,
  tabIdParams,
  tableCall,
  tableCallIdParams,
  tableCallRequest,
  tableCreateRequest,
  tableIdParams,
  tableQrSheetReply,
  tableSettings,
  tableSettingsRequest,
  tableTokenQuery,
  tableUpdateRequest,
  tabShareCardIdParams,
  tabShareCardParams,
  tabShareCardReply,
  tabShareCardTokenRequest,
  tabSharePaidParams,
  tabSharePaidRequest,
  tabSharePixIdParams,
  tabSharePixParams,
  tabSharePixReply,
} from '@comanda/contract';
import {
  SERVICE_FEE_PERCENT_MAX,
  TAB_SPLIT_MAX_PEOPLE,
  TABLE_CALL_LIMIT,
  TABLE_CALL_WINDOW_SECONDS,
  TABLE_CODE_LENGTH,
} from '@comanda/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { addressKey } from '../../plugins/rate-limit.ts';
import {
  SHARE_CARD_METHOD,
  SHARE_CARD_PER_ADDRESS,
  SHARE_PIX_METHOD,
  SHARE_PIX_PER_ADDRESS,
  TABLE_CALLS_PER_ADDRESS,
  type TablesService,
} from './service.ts';

/*
 * Table mode's calls (issue 19): the guests' (public; the table's QR token proves presence,
 * documented under 'tables') and the staff's (documented under 'staff').
 */

const guestTags = ['tables'];
const staffTags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };

/** The guests' calls take the QR code's token in the query; a missing one is TABLE_TOKEN_INVALID. */
const guestQuery = tableTokenQuery.partial();

const GUEST =
  'Public: the guest proves they sit at the table with the token of its QR code (`?token=`, as in the ' +
  'QR address /local/{table}?token=…). An unknown or inactive table, or one of another store: 404 ' +
  'TABLE_NOT_FOUND; a missing, wrong or rotated token: 400 TABLE_TOKEN_INVALID, both with the spec’s ' +
  '‘Mesa não encontrada. Leia o QrCode novamente ou faça o login’ (400, never 401 or 403, which sign ' +
  'the storefront out). Nothing is written on a refusal. Never cached (no-store).';

const ROLES =
  'Attendants read the tables and tabs, open a table, close a tab, mark shares paid and acknowledge ' +
  'calls; creating, renaming, deactivating a table, rotating its token and the settings need a manager ' +
  'or the owner (403 FORBIDDEN otherwise, and for customer tokens). Without a staff token 401. Ids of ' +
  'other stores do not exist here (404).';

const TAB =
  'A tab: `rodadas` (the orders placed at the table, round by round, each with its lines; a cancelled ' +
  'round is listed as Cancelado and left out of the bill; a round still awaiting its online payment is ' +
  'not listed), `totais` (consumido: the rounds not cancelled; pago_online: of those, paid in the app; ' +
  'a_pagar = consumido − pago_online; taxa_servico: the service fee on a_pagar, with the store’s ' +
  'percent while open and the one fixed at closing after; total = a_pagar + taxa_servico), `divisao` ' +
  'and `partes` (the shares, once closing), and the waiting calls’ times (`chamado_garcom_em`, ' +
  '`conta_pedida_em`).';

const STAFF_TAB = `${TAB} The staff’s tab adds \`table\`, \`codigo\` (the waiter’s code, when the store uses them) and \`fechada_em\`.`;

export function registerTableRoutes(ctx: AppContext, services: { tables: TablesService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.tables;

  // -------------------------------------------------------------------------------------------
  // Guests

  app.get(
    '/bar/v2/tables/:table/tab/',
    {
      schema: {
        tags: guestTags,
        summary: 'The table and its running tab, as the guests at the table see it',
        description:
          '`tab` is the table’s tab that is not closed (open, or closing: the bill fixed and its shares ' +
          'being paid), or null before the first round. `requires_code`: the store opens its tables with ' +
          `the waiter’s ${TABLE_CODE_LENGTH}-digit code, which an order then sends as \`codigo_mesa\`. ` +
          `No customer names or phones.\n\n${TAB}\n\n${GUEST}`,
        params: tableIdParams,
        querystring: guestQuery,
        response: { 200: guestTableReply, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.guestTable(request.store, request.params.table, request.query.token);
    },
  );

  app.post(
    '/bar/v2/tables/:table/calls/',
    {
      schema: {
        tags: guestTags,
        summary: 'Call the waiter, or ask for the bill',
        description:
          '`{kind: "waiter" | "bill"}`. 201 with the new call, which the store’s staff streams get at once ' +
          `(\`event: ${TABLE_CALL_EVENT}\` on GET /staff/orders/events). While a call of that kind waits for ` +
          'the staff, calling again answers it with 200 and adds nothing (one waiting call per table and ' +
          'kind). Asking for the bill of a table with no tab: 409 NO_OPEN_TAB. At most ' +
          `${TABLE_CALL_LIMIT} new calls per table every ${TABLE_CALL_WINDOW_SECONDS / 60} minutes and ` +
          `${TABLE_CALLS_PER_ADDRESS.max} call requests per address (both times RATE_LIMIT_MULTIPLIER): ` +
          `beyond, 429 TOO_MANY_TABLE_CALLS with Retry-After.\n\n${GUEST}`,
        params: tableIdParams,
        querystring: guestQuery,
        body: tableCallRequest,
        response: {
          200: tableCall,
          201: tableCall,
          400: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
        },
      },
    },
    async (request, reply) => {
      const { created, call } = await service.call(
        request.store,
        request.params.table,
        request.query.token,
        request.body.kind,
        addressKey(request.ip),
      );
      reply.header('cache-control', 'no-store');
      return reply.status(created ? 201 : 200).send(call);
    },
  );

  app.post(
    '/bar/v2/tables/:table/tab/shares/:share/pix/',
    {
      schema: {
        tags: guestTags,
        summary: 'Pay a share of the closing tab by PIX in the app: the charge',
        description:
          'A PIX charge for exactly the share’s amount (`valor`, the server’s figure) through the store’s ' +
          'PIX provider: 201 with the BR Code (`copia_e_cola`), its QR code (`qr`, an image `data:` URL) and ' +
          '`expira_em`. While the share has a charge that can still be paid, asking again answers that one ' +
          '(200) instead of opening a second. Refused: 404 TAB_SHARE_NOT_FOUND (not a share of this ' +
          'table’s tab), 409 TAB_SHARE_ALREADY_PAID, 409 TAB_NOT_OPEN (the tab is closed), 409 ' +
          'PIX_NOT_OFFERED (the store takes no PIX in the app, or only by its static key: the share is ' +
          'paid at the counter), 503 PAYMENT_PROVIDER_ERROR (the provider did not answer; try again), ' +
          `429 TOO_MANY_PIX_ATTEMPTS beyond ${SHARE_PIX_PER_ADDRESS.max} requests per address every ` +
          `${SHARE_PIX_PER_ADDRESS.windowSeconds / 60} minutes (times RATE_LIMIT_MULTIPLIER).\n\n${GUEST}`,
        params: tabSharePixParams,
        querystring: guestQuery,
        response: {
          200: tabSharePixReply,
          201: tabSharePixReply,
          400: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const { created, pix } = await service.sharePix(
        request.store,
        request.params.table,
        request.query.token,
        request.params.share,
        addressKey(request.ip),
      );
      reply.header('cache-control', 'no-store');
      return reply.status(created ? 201 : 200).send(pix);
    },
  );

  app.get(
    '/bar/v2/tables/:table/tab/shares/:share/pix/:id/',
    {
      schema: {
        tags: guestTags,
        summary: 'A share’s PIX charge: paid yet?',
        description:
          '`status`: `pending` while the provider has not been paid (the storefront polls every few ' +
          'seconds), `paid`, `expired` (past `expira_em`: open another) or `failed`. While pending the ' +
          'provider is asked; when it reports the charge paid for the share’s amount, the share is ' +
          `marked paid (\`forma_pagamento\` ‘${SHARE_PIX_METHOD}’) and, with the last share, the tab is ` +
          'closed — once, however many polls race. A share the staff marked paid at the counter first: ' +
          'its pending charge was cancelled at the provider (`failed`); money that still came is kept for ' +
          `the store to give back. 404 TAB_SHARE_NOT_FOUND or TAB_SHARE_PIX_NOT_FOUND.\n\n${GUEST}`,
        params: tabSharePixIdParams,
        querystring: guestQuery,
        response: { 200: tabSharePixReply, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.sharePixStatus(
        request.store,
        request.params.table,
        request.query.token,
        request.params.share,
        request.params.id,
      );
    },
  );

  const CARD =
    'Cards in the app (docs/decisions/0035), for exactly the share’s amount (`valor`, the server’s figure), ' +
    'through the store’s card provider; the card itself goes from the guest’s browser to the provider’s ' +
    'own fields (`card_kit`), never to this server. Paid only on the provider’s word (this poll, or its ' +
    `verified notification): the share is marked paid (\`forma_pagamento\` ‘${SHARE_CARD_METHOD}’) and, ` +
    'with the last share, the tab is closed — once, however many confirmations race. A share paid at ' +
    'the counter meanwhile cancels the attempt at the provider; money that still came is kept for the ' +
    'store to give back. No saved cards (no customer account). At most ' +
    `${SHARE_CARD_PER_ADDRESS.max} attempts and card tokens per address every ` +
    `${SHARE_CARD_PER_ADDRESS.windowSeconds / 60} minutes (times RATE_LIMIT_MULTIPLIER): 429 ` +
    'TOO_MANY_CARD_ATTEMPTS with Retry-After.';

  app.post(
    '/bar/v2/tables/:table/tab/shares/:share/card/',
    {
      schema: {
        tags: guestTags,
        summary: 'Pay a share of the closing tab by card in the app: the attempt',
        description:
          '201 with a card attempt and the kit to load. Stripe (`card_kit.provider` stripe, the intent ' +
          'flow): a PaymentIntent exists and `client_secret` is what Stripe.js confirms the card with; a ' +
          'declined card leaves it open for another card, and 3-D Secure runs in Stripe’s frame. Mercado ' +
          'Pago (the token flow): the SDK’s secure fields make a card token, sent to …/card/{id}/token/. ' +
          'While the share has a live attempt, asking again answers it (200). Refused: 404 ' +
          'TAB_SHARE_NOT_FOUND, 409 TAB_SHARE_ALREADY_PAID, 409 TAB_NOT_OPEN, 409 CARD_NOT_OFFERED (the ' +
          'store takes no card in the app: the share is paid at the counter), 503 PAYMENT_PROVIDER_ERROR.' +
          `\n\n${CARD}\n\n${GUEST}`,
        params: tabShareCardParams,
        querystring: guestQuery,
        response: {
          200: tabShareCardReply,
          201: tabShareCardReply,
          400: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const { created, card } = await service.shareCard(
        request.store,
        request.params.table,
        request.query.token,
        request.params.share,
        addressKey(request.ip),
      );
      reply.header('cache-control', 'no-store');
      return reply.status(created ? 201 : 200).send(card);
    },
  );

  app.post(
    '/bar/v2/tables/:table/tab/shares/:share/card/:id/token/',
    {
      schema: {
        tags: guestTags,
        summary: 'Pay a share’s card attempt with a card token (Mercado Pago’s token flow)',
        description:
          '`{token, payment_method_id}`: the single-use card token the SDK made of the guest’s card, and ' +
          'its brand. The server pays the attempt with it (one token at a time). 200 `paid`; 200 `pending` ' +
          'with `three_ds` when the issuer asks for a 3-D Secure challenge (post `creq` to `url` in a ' +
          'frame, then poll); 402 CARD_DECLINED with the decline in the guest’s words: the attempt failed ' +
          '(Mercado Pago’s rejection is final) and the next card opens a new one. 409 ' +
          'CARD_ATTEMPT_NOT_PAYABLE (paid, failed, expired, another token being paid, or a Stripe ' +
          'attempt), 404 TAB_SHARE_CARD_NOT_FOUND, 503 PAYMENT_PROVIDER_ERROR (nothing paid; try again).' +
          `\n\n${CARD}\n\n${GUEST}`,
        params: tabShareCardIdParams,
        querystring: guestQuery,
        body: tabShareCardTokenRequest,
        response: {
          200: tabShareCardReply,
          400: errorReply,
          402: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.shareCardToken(
        request.store,
        request.params.table,
        request.query.token,
        request.params.share,
        request.params.id,
        request.body,
        addressKey(request.ip),
      );
    },
  );

  app.get(
    '/bar/v2/tables/:table/tab/shares/:share/card/:id/',
    {
      schema: {
        tags: guestTags,
        summary: 'A share’s card attempt: paid yet?',
        description:
          '`status`: `pending` until the provider says otherwise (the storefront polls after the card was ' +
          'sent), `paid`, `expired` (15 minutes without a payment: open another) or `failed` (`detail` ' +
          'says why: a declined card or a 3-D Secure challenge not completed, or the share paid ' +
          `otherwise). 404 TAB_SHARE_NOT_FOUND or TAB_SHARE_CARD_NOT_FOUND.\n\n${CARD}\n\n${GUEST}`,
        params: tabShareCardIdParams,
        querystring: guestQuery,
        response: { 200: tabShareCardReply, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.shareCardStatus(
        request.store,
        request.params.table,
        request.query.token,
        request.params.share,
        request.params.id,
      );
    },
  );

  // -------------------------------------------------------------------------------------------
  // Staff: tables

  app.get(
    '/staff/tables',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'The store’s tables with their QR addresses, tabs and waiting calls',
        description:
          'Every table, active or not, by id, with `links` (the addresses its QR code holds, token ' +
          'included, at the store’s public address) and the summary of its tab that is not closed; the ' +
          `table settings; the guests’ calls waiting for the staff, oldest first.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: staffTablesReply, ...staffOnly },
      },
    },
    async (request) => service.tables(requireStaff(request), request.store),
  );

  app.post(
    '/staff/tables',
    {
      config: { capability: 'tables.manage' },
      schema: {
        tags: staffTags,
        summary: 'Add a table',
        description:
          'The name (`description`, 1–120 characters) must be the store’s only table with it, whatever ' +
          'the case (409 TABLE_DESCRIPTION_TAKEN). The table gets a `ref` made from its name and a fresh ' +
          `token; the tables list of the storefront shows it at once.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: tableCreateRequest,
        response: { 201: staffTable, 400: errorReply, ...staffOnly, 409: errorReply },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      return reply
        .status(201)
        .send(await service.createTable(staff, request.store, request.body.description));
    },
  );

  app.patch(
    '/staff/tables/settings',
    {
      config: { capability: 'tables.manage' },
      schema: {
        tags: staffTags,
        summary: 'The waiter’s code and the service fee',
        description:
          `\`requires_code\`: tables are opened by the staff with a ${TABLE_CODE_LENGTH}-digit code guests ` +
          'give with their order (a table nobody opened takes no order: 409 TABLE_LOCKED). ' +
          `\`service_fee_percent\`: a whole percent from 0 to ${SERVICE_FEE_PERCENT_MAX}, offered when a ` +
          'tab closes and shown on the open tabs. Anything else: 400 INVALID_INPUT with `field`. ' +
          `\`require_in_app_payment\` is the store document’s and is read only.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: tableSettingsRequest,
        response: { 200: tableSettings, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.updateSettings(requireStaff(request), request.body),
  );

  app.get(
    '/staff/tables/qr-sheet',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'What the printable QR sheet draws: one QR code per active table',
        description: `Each active table’s table-mode address and its QR code (an SVG \`data:\` URL), with the store’s name, logo and primary colour.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: tableQrSheetReply, ...staffOnly },
      },
    },
    async (request) => service.qrSheet(requireStaff(request), request.store),
  );

  app.patch(
    '/staff/tables/:table',
    {
      config: { capability: 'tables.manage' },
      schema: {
        tags: staffTags,
        summary: 'Rename a table, deactivate it or activate it again',
        description:
          '`{description?, ativo?}` (at least one). A name another table has: 409 TABLE_DESCRIPTION_TAKEN. ' +
          'A table whose tab is not closed cannot be deactivated: 409 TABLE_HAS_OPEN_TAB. An inactive table ' +
          `takes no orders and no calls.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tableIdParams,
        body: tableUpdateRequest,
        response: { 200: staffTable, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) =>
      service.updateTable(requireStaff(request), request.store, request.params.table, request.body),
  );

  app.post(
    '/staff/tables/:table/rotate-token',
    {
      config: { capability: 'tables.manage' },
      schema: {
        tags: staffTags,
        summary: 'Give a table a new QR token (reprint its QR code)',
        description: `The old QR code stops working at once (orders and calls with it: 400 TABLE_TOKEN_INVALID).\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tableIdParams,
        response: { 200: staffTable, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.rotateToken(requireStaff(request), request.store, request.params.table),
  );

  app.post(
    '/staff/tables/:table/open',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'Open a table’s tab (with a fresh waiter’s code when the store uses them)',
        description:
          'A table with a tab that is not closed: 409 TABLE_ALREADY_OPEN; an inactive table: 404 ' +
          `TABLE_NOT_FOUND. At a store without codes the first round opens the tab by itself.\n\n${STAFF_TAB}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tableIdParams,
        response: { 201: staffTab, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.openTable(requireStaff(request), request.params.table)),
  );

  app.post(
    '/staff/tables/calls/:id/ack',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'Acknowledge a guest’s call',
        description:
          'Sets `acknowledged_at` and tells the store’s staff streams (`event: table_call`). Acknowledging ' +
          `again answers the call unchanged. 404 TABLE_CALL_NOT_FOUND.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tableCallIdParams,
        response: { 200: tableCall, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.acknowledgeCall(requireStaff(request), request.params.id),
  );

  // -------------------------------------------------------------------------------------------
  // Staff: tabs

  app.get(
    '/staff/tabs',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'The store’s tabs',
        description:
          '`status`: one or several, comma-separated (default `open,closing`: oldest first); `closed` ' +
          `lists the last 50 closed tabs, the most recently closed first.\n\n${STAFF_TAB}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        querystring: staffTabListQuery,
        response: { 200: staffTabListReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.tabs(requireStaff(request), request.query.status),
  );

  app.get(
    '/staff/tabs/:id',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'One tab, with its rounds, lines (with their order-line ids), bill and shares',
        description: `404 TAB_NOT_FOUND.\n\n${STAFF_TAB}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tabIdParams,
        response: { 200: staffTab, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.tab(requireStaff(request), request.params.id),
  );

  app.post(
    '/staff/tabs/:id/close',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'Close a tab: fix the bill and split it',
        description:
          '`{service_fee, split}`: the bill is the rounds not cancelled, less what was paid in the app, plus ' +
          'the store’s service fee when `service_fee` is true (0 otherwise). `split` is ' +
          `\`{mode: "even", people: 1–${TAB_SPLIT_MAX_PEOPLE}}\` or \`{mode: "items", shares: [[line ids], …]}\`, ` +
          'every line of the rounds paid at the table in exactly one share; each share pays its part of ' +
          'the bill and of the fee in proportion to its lines, and the shares add up to the bill to the ' +
          'centavo. The tab goes to `closing` with its shares; with nothing to pay (everything paid in the ' +
          'app, or no round) it is closed at once. A round still in the kitchen does not stop it. Refused: ' +
          '409 TAB_NOT_OPEN (closing or closed already: of two staff closing at once, one wins), 400 ' +
          `TAB_SPLIT_INVALID (field \`split\`, naming the line or share), 404 TAB_NOT_FOUND.\n\n${STAFF_TAB}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tabIdParams,
        body: tabCloseRequest,
        response: { 200: staffTab, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.closeTab(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/staff/tabs/:id/shares/:share/paid',
    {
      config: { capability: 'tables.serve' },
      schema: {
        tags: staffTags,
        summary: 'Mark a share of a closing tab paid at the counter',
        description:
          '`{forma_pagamento}` (how it was paid, 1–60 characters). When every share is paid the tab is ' +
          'closed (`fechada_em`). 409 TAB_SHARE_ALREADY_PAID, 404 TAB_NOT_FOUND or TAB_SHARE_NOT_FOUND.' +
          `\n\n${STAFF_TAB}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: tabSharePaidParams,
        body: tabSharePaidRequest,
        response: { 200: staffTab, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) =>
      service.markSharePaid(
        requireStaff(request),
        request.params.id,
        request.params.share,
        request.body.forma_pagamento,
      ),
  );
}
