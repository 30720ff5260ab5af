import {
  approvalCodeUpdate,
  cancelRequest,
  cancelRequestCreate,
  cancelRequestsReply,
  cancelWithCodeRequest,
  errorReply,
  positiveIdParam,
  roleRulesReply,
  roleRulesUpdateRequest,
  staffNoticesReply,
  staffOrder,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { RoleRulesService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };
const AUTH =
  'A staff account of this store: without a token 401 NOT_AUTHENTICATED, with a customer’s token or a ' +
  'role below the capability 403 FORBIDDEN.';

/** Role rules for money (issue 33, docs/decisions/0059). */
export function registerRoleRuleRoutes(ctx: AppContext, services: { roleRules: RoleRulesService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.roleRules;

  app.get(
    '/staff/roles',
    {
      config: { capability: 'roles.manage' },
      schema: {
        tags,
        summary: 'The store’s own roles for the capabilities it may move',
        description: `Each movable capability with its default role, its range and the store’s role now. Owners only. ${AUTH}`,
        security: SECURITY_BEARER,
        response: { 200: roleRulesReply, ...staffOnly },
      },
    },
    async (request) => service.rules(requireStaff(request)),
  );

  app.put(
    '/staff/roles',
    {
      config: { capability: 'roles.manage' },
      schema: {
        tags,
        summary: 'Set the store’s own roles (whole)',
        description:
          'A capability left out goes back to its default role. Refused as a whole, nothing changed, with ' +
          '400 and `field` overrides.<capability>: UNKNOWN_CAPABILITY, UNKNOWN_ROLE, NOT_MOVABLE (the ' +
          'capability is the same in every store), OUT_OF_RANGE (outside its range: the money rules only ' +
          `go up). A change is recorded in the change history (section \`roles\`). Owners only. ${AUTH}`,
        security: SECURITY_BEARER,
        body: roleRulesUpdateRequest,
        response: { 200: roleRulesReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.setRules(requireStaff(request), request.body),
  );

  app.get(
    '/staff/notices',
    {
      config: { capability: 'notices.owner' },
      schema: {
        tags,
        summary: 'The notices to this owner not dismissed yet (a PIX key or provider changed)',
        description: `Keys are masked (the last four characters). Owners only. ${AUTH}`,
        security: SECURITY_BEARER,
        response: { 200: staffNoticesReply, ...staffOnly },
      },
    },
    async (request) => service.notices(requireStaff(request)),
  );

  app.post(
    '/staff/notices/:id/dismiss',
    {
      config: { capability: 'notices.owner' },
      schema: {
        tags,
        summary: 'Dismiss a notice for this owner (the other owners still see it)',
        description: `404 NOTICE_NOT_FOUND. ${AUTH}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: { 204: z.null(), 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request, reply) => {
      await service.dismiss(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/staff/me/approval-code',
    {
      config: { capability: 'orders.cancel_paid' },
      schema: {
        tags,
        summary: 'Set one’s own approval code (4 to 8 digits), confirmed with one’s password',
        description:
          'The code a manager or owner types on an attendant’s device to approve a cancel there. Kept ' +
          `hashed. 403 PASSWORD_WRONG (counted, back-off like the sign-in’s). ${AUTH}`,
        security: SECURITY_BEARER,
        body: approvalCodeUpdate,
        response: { 204: z.null(), 400: errorReply, ...staffOnly, 429: errorReply },
      },
    },
    async (request, reply) => {
      await service.setApprovalCode(requireStaff(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/staff/cancel-requests',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'The store’s cancel requests: pending ones first, then the last decided',
        description: `The staff event stream sends \`cancel_request\` {id, order_id, status} when one is made or decided. ${AUTH}`,
        security: SECURITY_BEARER,
        response: { 200: cancelRequestsReply, ...staffOnly },
      },
    },
    async (request) => service.requests(requireStaff(request)),
  );

  app.post(
    '/staff/orders/:id/cancel-requests',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'Ask a manager to cancel an order one may not cancel alone',
        description:
          '201 the request, pending. 409 ORDER_NOT_CANCELLABLE, CANCEL_NO_APPROVAL_NEEDED (cancel it with ' +
          `POST /staff/orders/{id}/status), CANCEL_REQUEST_PENDING; 404 ORDER_NOT_FOUND. ${AUTH}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: cancelRequestCreate,
        response: { 201: cancelRequest, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const created = await service.ask(requireStaff(request), request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/staff/orders/:id/cancel-with-code',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'Cancel an order with a manager’s approval code typed on this device',
        description:
          'The cancel of POST /staff/orders/{id}/status (its money given back through the provider), ' +
          'recorded as an approved cancel request with the code’s manager. 403 APPROVAL_CODE_WRONG ' +
          `(counted per member and per store, 429 TOO_MANY_ATTEMPTS past them). ${AUTH}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: cancelWithCodeRequest,
        response: {
          200: staffOrder,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: errorReply,
          429: errorReply,
        },
      },
    },
    async (request) => service.cancelWithCode(requireStaff(request), request.params.id, request.body),
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['deny', false],
  ] as const) {
    app.post(
      `/staff/cancel-requests/:id/${verb}`,
      {
        config: { capability: 'orders.cancel_paid' },
        schema: {
          tags,
          summary: approve
            ? 'Approve a cancel request: the order is cancelled as this member’s'
            : 'Deny a cancel request',
          description:
            '404 CANCEL_REQUEST_NOT_FOUND; 409 CANCEL_REQUEST_DECIDED' +
            (approve ? ', or the cancel’s own refusals (409 INVALID_TRANSITION). ' : '. ') +
            AUTH,
          security: SECURITY_BEARER,
          params: positiveIdParam,
          response: { 200: cancelRequest, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
        },
      },
      async (request) => service.decide(requireStaff(request), request.params.id, approve),
    );
  }
}
