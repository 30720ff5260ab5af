import {
  cloudPrinterCreateRequest,
  cloudPrinterCredentialsReply,
  cloudPrintersReply,
  errorReply,
  positiveIdParam,
} from '@comanda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { CLOUDPRNT_PATH, type CloudPrinterRow, type PrintingService } from './service.ts';

const staffTags = ['staff'];
const printerTags = ['cloudprnt'];
const staffOnly = { 401: errorReply, 403: errorReply };
const ROLES = 'Managers and the owner (403 FORBIDDEN otherwise).';

declare module 'fastify' {
  interface FastifyRequest {
    printer: CloudPrinterRow | null;
  }
}

const pollRequest = z.object({
  statusCode: z
    .string()
    .min(1)
    .max(200)
    .describe('The printer status code, e.g. "200%20OK" or "410 Out of paper"'),
  printerMAC: z.string().max(64).optional(),
  uniqueID: z.string().max(64).optional(),
  status: z.string().max(200).optional(),
  printingInProgress: z.boolean().optional(),
});

const pollReply = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
});

const jobQuery = z.object({
  type: z.string().max(100).optional().describe('The media type the printer chose from mediaTypes'),
  token: z.string().max(64).optional().describe('The jobToken of the poll reply'),
  mac: z.string().max(64).optional(),
  uid: z.string().max(64).optional(),
});

const confirmQuery = jobQuery.omit({ type: true }).extend({
  code: z
    .string()
    .min(1)
    .max(200)
    .describe('"200 OK" (or "OK", any 2xx) when printed; a printer status code otherwise'),
  retry: z.string().max(10).optional(),
});

const PRINTER_AUTH =
  'HTTP basic auth with the printer’s login and secret (POST /staff/printers). A missing, wrong or revoked credential, or one of another store, gets 401 and nothing else.';

/**
 * The cloud printers (docs/decisions/0054): the staff calls that register them, and the Star
 * CloudPRNT protocol's three calls on one address (poll POST, job GET, confirmation DELETE).
 */
export function registerPrintingRoutes(ctx: AppContext, services: { printing: PrintingService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.printing;

  app.get(
    '/staff/printers',
    {
      config: { capability: 'printers.manage' },
      schema: {
        tags: staffTags,
        summary: 'The store’s cloud printers, their station, last poll and status',
        description: ROLES,
        security: SECURITY_BEARER,
        response: { 200: cloudPrintersReply, ...staffOnly },
      },
    },
    async (request) => service.list(requireStaff(request).storeId, request.store.slug),
  );

  app.post(
    '/staff/printers',
    {
      config: { capability: 'printers.manage' },
      schema: {
        tags: staffTags,
        summary: 'Add a cloud printer; its secret is in this reply only',
        description: `400 UNKNOWN_STATION for a station the store does not have; 409 PRINTERS_LIMIT past 20.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: cloudPrinterCreateRequest,
        response: { 200: cloudPrinterCredentialsReply, 400: errorReply, 409: errorReply, ...staffOnly },
      },
    },
    async (request) => service.create(requireStaff(request), request.store.slug, request.body),
  );

  app.post(
    '/staff/printers/:id/secret',
    {
      config: { capability: 'printers.manage' },
      schema: {
        tags: staffTags,
        summary: 'Give a cloud printer a new secret (the old one stops working at once)',
        description: ROLES,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: { 200: cloudPrinterCredentialsReply, 404: errorReply, ...staffOnly },
      },
    },
    async (request) => service.newSecret(requireStaff(request), request.store.slug, request.params.id),
  );

  app.delete(
    '/staff/printers/:id',
    {
      config: { capability: 'printers.manage' },
      schema: {
        tags: staffTags,
        summary: 'Revoke a cloud printer: its credential stops working, its waiting tickets are dropped',
        description: ROLES,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: { 200: cloudPrintersReply, 404: errorReply, ...staffOnly },
      },
    },
    async (request) => service.revoke(requireStaff(request), request.store.slug, request.params.id),
  );

  app.decorateRequest('printer', null);
  /** Before anything is read: an unknown caller learns nothing, not even whether its body was valid. */
  const signedInPrinter = async (request: FastifyRequest, reply: FastifyReply) => {
    const printer = await service.printerFor(request.store.id, request.headers.authorization);
    if (!printer) {
      reply.header('www-authenticate', 'Basic realm="Comanda CloudPRNT", charset="UTF-8"');
      throw new AppError('unauthorized', 'PRINTER_NOT_AUTHENTICATED', 'Impressora não autenticada.');
    }
    request.printer = printer;
  };

  app.post(
    CLOUDPRNT_PATH,
    {
      onRequest: signedInPrinter,
      schema: {
        tags: printerTags,
        summary: 'CloudPRNT poll: the printer’s status in, whether a ticket waits out',
        description: PRINTER_AUTH,
        body: pollRequest,
        response: { 200: pollReply, 400: errorReply, 401: errorReply },
      },
    },
    async (request) => service.poll(request.printer!, request.body),
  );

  app.get(
    CLOUDPRNT_PATH,
    {
      onRequest: signedInPrinter,
      schema: {
        tags: printerTags,
        summary: 'CloudPRNT job: the ticket’s text (text/plain, 48 columns)',
        description: `404 NO_PRINT_JOB when none waits; 415 for a media type other than text/plain.\n\n${PRINTER_AUTH}`,
        querystring: jobQuery,
        response: { 200: z.string(), 401: errorReply, 404: errorReply, 415: errorReply },
      },
    },
    async (request, reply) => {
      const content = await service.fetchJob(request.printer!, request.query);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(content);
    },
  );

  app.delete(
    CLOUDPRNT_PATH,
    {
      onRequest: signedInPrinter,
      schema: {
        tags: printerTags,
        summary: 'CloudPRNT confirmation: the ticket printed, or the code of why not',
        description: `A code other than OK or 2xx puts the ticket back in the queue, up to 3 tries.\n\n${PRINTER_AUTH}`,
        querystring: confirmQuery,
        response: { 200: z.object({}), 401: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      await service.confirmJob(request.printer!, request.query);
      return {};
    },
  );
}
