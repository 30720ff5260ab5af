import {
  errorReply,
  positiveIdParam,
  staffAccount,
  teamMember,
  teamMemberCreateRequest,
  teamMemberUpdateRequest,
  teamReply,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { StaffService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };
const OWNERS =
  'Owners only (403 FORBIDDEN for managers and attendants, 401 without a staff token); ids of other ' +
  'stores or of removed members: 404 STAFF_NOT_FOUND.';

/** The signed-in member and the owner's team calls (docs/decisions/0026). */
export function registerStaffRoutes(ctx: AppContext, services: { staff: StaffService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.staff;

  app.get(
    '/staff/me',
    {
      config: { capability: 'staff.me' },
      schema: {
        tags,
        summary: 'The signed-in member of the team, with its role',
        description:
          'The staff app shows what the role allows: attendants the orders, the sold-out switches and the ' +
          'board; managers also the store controls and the day’s figures; owners also the team. Customer ' +
          'tokens get 403 FORBIDDEN.',
        security: SECURITY_BEARER,
        response: { 200: staffAccount, ...staffOnly },
      },
    },
    async (request) => service.me(requireStaff(request)),
  );

  app.get(
    '/staff/team',
    {
      config: { capability: 'team.manage' },
      schema: {
        tags,
        summary: 'The store’s team',
        description: OWNERS,
        security: SECURITY_BEARER,
        response: { 200: teamReply, ...staffOnly },
      },
    },
    async (request) => service.team(requireStaff(request)),
  );

  app.post(
    '/staff/team',
    {
      config: { capability: 'team.manage' },
      schema: {
        tags,
        summary: 'Add a member to the team',
        description:
          'The member signs in at /staff with the phone and this password. A phone already in the team: ' +
          `409 PHONE_TAKEN (it may be a customer's phone too: the accounts are apart). ${OWNERS}`,
        security: SECURITY_BEARER,
        body: teamMemberCreateRequest,
        response: { 201: teamMember, 400: errorReply, ...staffOnly, 409: errorReply },
      },
    },
    async (request, reply) => {
      const member = await service.add(requireStaff(request), request.body);
      return reply.status(201).send(member);
    },
  );

  app.patch(
    '/staff/team/:id',
    {
      config: { capability: 'team.manage' },
      schema: {
        tags,
        summary: 'Change a member’s role, name or password',
        description:
          'A new password ends the member’s sessions. The last owner cannot stop being one: 409 ' +
          `LAST_OWNER. ${OWNERS}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: teamMemberUpdateRequest,
        response: { 200: teamMember, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.update(requireStaff(request), request.params.id, request.body),
  );

  app.delete(
    '/staff/team/:id',
    {
      config: { capability: 'team.manage' },
      schema: {
        tags,
        summary: 'Remove a member from the team',
        description:
          'The member’s sessions end at once; the orders’ history keeps who did what. An owner does ' +
          `not remove themself: 409 CANNOT_REMOVE_SELF. ${OWNERS}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: { 204: z.null(), ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      await service.remove(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
