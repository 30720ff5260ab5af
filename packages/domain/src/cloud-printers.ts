/**
 * Cloud printers (docs/decisions/0054): Star CloudPRNT printers that poll the server. What their
 * status codes mean and how many times a ticket is tried, for the server and the staff app alike.
 */
export const CLOUD_PRINTER_NAME_MAX_LENGTH = 40;
export const CLOUD_PRINTERS_PER_STORE_MAX = 20;

/** A ticket the printer reported as not printed is offered again until it failed this many times. */
export const PRINT_JOB_ATTEMPTS_MAX = 3;

/** A printer silent for longer than this (several missed polls) is shown as not connected. */
export const CLOUD_PRINTER_SILENT_AFTER_MS = 60_000;

/** The CloudPRNT media type of the tickets: Star printers print plain text as it comes, 48 columns on 80 mm. */
export const CLOUD_PRINT_MEDIA_TYPE = 'text/plain';
export const CLOUD_PRINT_COLUMNS = 48;

export type CloudPrinterState =
  | 'never_polled'
  | 'silent'
  | 'ready'
  | 'paper_low'
  | 'paper_out'
  | 'paper_jam'
  | 'cover_open'
  | 'printer_error'
  | 'client_error';

/**
 * A CloudPRNT status code ("200 OK", "211 Paper low", "410 Out of paper"…; three or four digits,
 * then an optional description) as a state: 2xx online (21x paper low), 41x paper, 42x cover,
 * other 4xx the printer's error, 5xx the client's (media or download).
 */
export function cloudPrinterState(
  statusCode: string | null,
  lastPollAt: Date | null,
  now: Date,
): CloudPrinterState {
  if (lastPollAt === null) return 'never_polled';
  if (now.getTime() - lastPollAt.getTime() > CLOUD_PRINTER_SILENT_AFTER_MS) return 'silent';
  const code = /^\s*(\d{3,4})/.exec(statusCode ?? '')?.[1] ?? '';
  if (code.startsWith('21')) return 'paper_low';
  if (code.startsWith('2')) return 'ready';
  if (code === '410' || code === '412') return 'paper_out';
  if (code.startsWith('41')) return 'paper_jam';
  if (code.startsWith('42')) return 'cover_open';
  if (code.startsWith('4')) return 'printer_error';
  return 'client_error';
}

/** Whether a job confirmation's `code` says the ticket printed ("200 OK", "OK", any 2xx). */
export function isPrintedCode(code: string): boolean {
  const trimmed = code.trim();
  return /^ok\b/i.test(trimmed) || /^2\d{2,3}\b/.test(trimmed);
}
