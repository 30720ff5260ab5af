import { CLOUD_PRINTER_NAME_MAX_LENGTH } from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Cloud printers (docs/decisions/0054): Star CloudPRNT printers that poll the store for tickets.

const cloudPrinterState = z.enum([
  'never_polled',
  'silent',
  'ready',
  'paper_low',
  'paper_out',
  'paper_jam',
  'cover_open',
  'printer_error',
  'client_error',
]);

export const cloudPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The station whose tickets it prints; null: every station's. */
  station_id: z.number().int().nullable(),
  station_name: z.string().nullable(),
  /** The user name it signs in with (HTTP basic auth); its secret is shown once, when made. */
  login: z.string(),
  last_poll_at: z.string().datetime().nullable(),
  last_status_code: z.string().nullable(),
  state: cloudPrinterState,
  /** Tickets queued or fetched and not printed yet. */
  pending_jobs: z.number().int(),
  failed_jobs: z.number().int(),
});
export type CloudPrinter = z.infer<typeof cloudPrinter>;

/** GET /staff/printers */
export const cloudPrintersReply = z.object({
  /** The address to type in the printer's CloudPRNT settings (Server URL). */
  cloudprnt_url: z.string(),
  printers: z.array(cloudPrinter),
});
export type CloudPrintersReply = z.infer<typeof cloudPrintersReply>;

/** POST /staff/printers and POST /staff/printers/:id/secret: the only time the secret is shown. */
export const cloudPrinterCredentialsReply = z.object({
  printer: cloudPrinter,
  cloudprnt_url: z.string(),
  login: z.string(),
  secret: z.string(),
});
export type CloudPrinterCredentialsReply = z.infer<typeof cloudPrinterCredentialsReply>;

/** POST /staff/printers */
export const cloudPrinterCreateRequest = z
  .object({
    name: freeText(CLOUD_PRINTER_NAME_MAX_LENGTH).refine((name) => name.trim().length > 0, {
      message: 'Informe o nome da impressora.',
    }),
    station_id: z.number().int().positive().max(2_147_483_647).nullable(),
  })
  .strict();
export type CloudPrinterCreateRequest = z.infer<typeof cloudPrinterCreateRequest>;
