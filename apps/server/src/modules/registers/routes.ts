import {
  errorReply,
  registerCloseRequest,
  registerCreateRequest,
  registerIdParams,
  registerMovementRequest,
  registerOpenRequest,
  registerSessionParams,
  registerSessionReply,
  registerSessionsQuery,
  registerSessionsReply,
  registersReply,
  registerUpdateRequest,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { RegistersService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };

const ROLES =
  'Every member may operate a register (open, sangria, suprimento, close, read its sessions) unless the ' +
  'store moved `register.operate` up to managers; adding, renaming and deactivating registers need a ' +
  'manager or the owner (403 FORBIDDEN otherwise).';

const SESSION =
  'Answers the session: its lines per payment method (cash = float + suprimentos − sangrias + cash ' +
  'takings; every other in-person method its takings), its movements and the in-person ledger entries ' +
  'taken in it (docs/decisions/0060).';

/** The cash register (caixa): registers, their sessions, movements and closing counts. */
export function registerRegisterRoutes(ctx: AppContext, services: { registers: RegistersService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.registers;
  const listReply = { 200: registersReply, 400: errorReply, 404: errorReply, 409: errorReply, ...staffOnly };
  const sessionReply = {
    200: registerSessionReply,
    400: errorReply,
    404: errorReply,
    409: errorReply,
    ...staffOnly,
  };

  app.get(
    '/staff/registers',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'The store’s registers, each with its open session if any',
        description: `A store starts with one register, 'Caixa', made on the first read.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: registersReply, ...staffOnly },
      },
    },
    async (request) => service.registers(requireStaff(request).storeId),
  );

  app.post(
    '/staff/registers',
    {
      config: { capability: 'register.manage' },
      schema: {
        tags,
        summary: 'Add a named register (terminal)',
        description: `409 REGISTER_NAME_TAKEN, REGISTERS_LIMIT past 20.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: registerCreateRequest,
        response: listReply,
      },
    },
    async (request) => service.create(requireStaff(request), request.body.name),
  );

  app.patch(
    '/staff/registers/:id',
    {
      config: { capability: 'register.manage' },
      schema: {
        tags,
        summary: 'Rename a register, deactivate it or activate it again',
        description: `409 REGISTER_NAME_TAKEN; REGISTER_OPEN to deactivate an open register.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: registerIdParams,
        body: registerUpdateRequest,
        response: listReply,
      },
    },
    async (request) => service.update(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/staff/registers/:id/open',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'Open a register with its float (troco inicial)',
        description: `409 REGISTER_ALREADY_OPEN, REGISTER_INACTIVE. ${SESSION}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: registerIdParams,
        body: registerOpenRequest,
        response: sessionReply,
      },
    },
    async (request) => service.open(requireStaff(request), request.params.id, request.body.opening_float),
  );

  app.get(
    '/staff/register-sessions',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'The store’s register sessions, newest first',
        description: `Pages with \`before\` (the last id of the previous page).\n\n${ROLES}`,
        security: SECURITY_BEARER,
        querystring: registerSessionsQuery,
        response: { 200: registerSessionsReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) =>
      service.sessions(requireStaff(request).storeId, {
        registerId: request.query.register_id,
        before: request.query.before,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/staff/register-sessions/:id',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'A register session with its lines, movements and takings',
        description: `404 REGISTER_SESSION_NOT_FOUND. ${SESSION}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: registerSessionParams,
        response: sessionReply,
      },
    },
    async (request) => service.session(requireStaff(request).storeId, request.params.id),
  );

  app.post(
    '/staff/register-sessions/:id/movements',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'A sangria (cash out) or suprimento (cash in), with its reason',
        description:
          `409 REGISTER_CLOSED; 409 SANGRIA_ABOVE_CASH for a sangria above the cash the drawer holds now ` +
          `(nothing changes). ${SESSION}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: registerSessionParams,
        body: registerMovementRequest,
        response: sessionReply,
      },
    },
    async (request) => service.move(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/staff/register-sessions/:id/close',
    {
      config: { capability: 'register.operate' },
      schema: {
        tags,
        summary: 'Close a session with what was counted per payment method',
        description:
          '`{counted: {<line key>: centavos}}`; a line left out was counted 0; 400 UNKNOWN_COUNT_LINE for a key ' +
          `the session has no line for. Expected, counted and difference are kept per line. 409 REGISTER_CLOSED ` +
          `when it is closed already (of two closings at once, the second). ${SESSION}\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: registerSessionParams,
        body: registerCloseRequest,
        response: sessionReply,
      },
    },
    async (request) => service.close(requireStaff(request), request.params.id, request.body.counted),
  );
}
