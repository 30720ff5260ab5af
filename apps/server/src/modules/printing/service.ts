import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CloudPrinter, CloudPrinterCredentialsReply, CloudPrintersReply } from '@comanda/contract';
import {
  CLOUD_PRINT_MEDIA_TYPE,
  CLOUD_PRINTERS_PER_STORE_MAX,
  cloudPrinterState,
  isPrintedCode,
  linesByStation,
  PRINT_JOB_ATTEMPTS_MAX,
} from '@comanda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { stationRoutingOf } from '../stations/index.ts';
import { stationChangeText, stationTicketText, type TicketKind, type TicketLineRow } from './job-content.ts';
import * as repo from './repository.ts';

/*
 * Cloud printers (docs/decisions/0054): Star CloudPRNT printers poll the store; an accepted order
 * queues one ticket per station with items for each printer of that station (or of every station),
 * in the transaction that accepts it; a cancel of a printed order queues a CANCELADO ticket.
 */

/** Where a store's printers poll: the Server URL of a Star printer's CloudPRNT settings. */
export const CLOUDPRNT_PATH = '/integracoes/cloudprnt';

/** A registered printer, as its credential names it. */
export type CloudPrinterRow = repo.PrinterRow;

export interface PrintingDeps {
  db: Database;
  now: () => Date;
  /** The address a store's printers poll (the store's public origin and the CloudPRNT path). */
  cloudprntUrl: (slug: string) => string;
  log: FastifyBaseLogger;
}

/** An order's status change, as the order tracking module reports it inside its transaction. */
export interface OrderStatusChange {
  storeId: number;
  orderId: number;
  from: string;
  to: string;
  at: Date;
}

/** An order's edit (POST /staff/orders/{id}/edit), as the PDV reports it inside its transaction. */
export interface OrderEdit {
  storeId: number;
  orderId: number;
  /** The order_edits row: each edit's tickets are their own jobs (kind `edit:<id>`). */
  editId: number;
  at: Date;
  added: readonly TicketLineRow[];
  removed: readonly TicketLineRow[];
}

/** The print job kind of an edit's PEDIDO ALTERADO tickets: one per edit, printer and station. */
export const editJobKind = (editId: number) => `edit:${editId}`;

/** The poll reply of CloudPRNT (JSON response of "Polling the server (POST)"). */
export interface PollReply {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const DUMMY_HASH = sha256('no printer has this secret');

const printerNotFound = () => notFound('PRINTER_NOT_FOUND', 'Impressora não encontrada.');
const noJob = () => notFound('NO_PRINT_JOB', 'Nenhum trabalho de impressão.');

/** Letters and digits a person types on a printer's settings page without mistaking one for another. */
const TYPABLE = 'abcdefghijkmnpqrstuvwxyz23456789';
/** `length` characters of TYPABLE, 5 random bits each (32 divides 256: no bias). */
const typable = (length: number) => [...randomBytes(length)].map((byte) => TYPABLE[byte % 32]).join('');

/** The printer's user name: cp- and 12 characters. */
const newLogin = () => `cp-${typable(12)}`;
/** The printer's password: 32 characters, 160 random bits. */
const newSecret = () => typable(32);

export class PrintingService {
  constructor(private readonly deps: PrintingDeps) {}

  // ---- staff ------------------------------------------------------------------------------------

  async list(storeId: number, slug: string, db: DbExecutor = this.deps.db): Promise<CloudPrintersReply> {
    return { cloudprnt_url: this.deps.cloudprntUrl(slug), printers: await this.printers(db, storeId) };
  }

  async create(
    staff: StaffPrincipal,
    slug: string,
    body: { name: string; station_id: number | null },
  ): Promise<CloudPrinterCredentialsReply> {
    const { db, now } = this.deps;
    return db.transaction(async (tx) => {
      await tx.execute(lockPrinters(staff.storeId));
      if ((await repo.activePrinterCount(tx, staff.storeId)) >= CLOUD_PRINTERS_PER_STORE_MAX) {
        throw new AppError(
          'conflict',
          'PRINTERS_LIMIT',
          `Uma loja tem no máximo ${CLOUD_PRINTERS_PER_STORE_MAX} impressoras na nuvem.`,
        );
      }
      if (body.station_id !== null && !(await repo.stationOfStore(tx, staff.storeId, body.station_id))) {
        throw invalid('UNKNOWN_STATION', 'Estação não encontrada.', 'station_id');
      }
      const secret = newSecret();
      const login = newLogin();
      const { id } = await repo.insertPrinter(tx, {
        storeId: staff.storeId,
        name: body.name.trim(),
        stationId: body.station_id,
        login,
        secretHash: sha256(secret),
        at: now(),
      });
      return this.credentials(tx, staff.storeId, slug, id, secret);
    });
  }

  async newSecret(staff: StaffPrincipal, slug: string, id: number): Promise<CloudPrinterCredentialsReply> {
    const secret = newSecret();
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.setSecret(tx, staff.storeId, id, sha256(secret)))) throw printerNotFound();
      return this.credentials(tx, staff.storeId, slug, id, secret);
    });
  }

  async revoke(staff: StaffPrincipal, slug: string, id: number): Promise<CloudPrintersReply> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.revokePrinter(tx, staff.storeId, id, this.deps.now()))) throw printerNotFound();
      return this.list(staff.storeId, slug, tx);
    });
  }

  private async credentials(tx: DbExecutor, storeId: number, slug: string, id: number, secret: string) {
    const printer = (await this.printers(tx, storeId)).find((row) => row.id === id)!;
    return { printer, cloudprnt_url: this.deps.cloudprntUrl(slug), login: printer.login, secret };
  }

  private async printers(db: DbExecutor, storeId: number): Promise<CloudPrinter[]> {
    const rows = await repo.activePrintersOf(db, storeId);
    const counts = await repo.jobCountsOf(db, storeId);
    const countOf = (printerId: number, statuses: string[]) =>
      counts
        .filter((row) => row.printerId === printerId && statuses.includes(row.status))
        .reduce((sum, row) => sum + row.n, 0);
    const now = this.deps.now();
    return rows.map(({ printer, stationName }) => ({
      id: printer.id,
      name: printer.name,
      station_id: printer.stationId,
      station_name: stationName,
      login: printer.login,
      last_poll_at: printer.lastPollAt?.toISOString() ?? null,
      last_status_code: printer.lastStatusCode,
      state: cloudPrinterState(printer.lastStatusCode, printer.lastPollAt, now),
      pending_jobs: countOf(printer.id, [...repo.PENDING_JOB_STATUSES]),
      failed_jobs: countOf(printer.id, ['failed']),
    }));
  }

  // ---- the printer's calls (CloudPRNT) ----------------------------------------------------------

  /**
   * The printer that an Authorization header names at this store: HTTP basic auth, its login and
   * secret. Undefined for a missing, malformed, unknown, revoked or wrong credential alike.
   */
  async printerFor(storeId: number, authorization: string | undefined): Promise<repo.PrinterRow | undefined> {
    const match = /^Basic\s+([A-Za-z0-9+/=]{1,400})$/i.exec(authorization?.trim() ?? '');
    if (!match) return undefined;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return undefined;
    const login = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    const printer = login.length <= 40 ? await repo.printerByLogin(this.deps.db, storeId, login) : undefined;
    const given = Buffer.from(sha256(secret));
    const expected = Buffer.from(printer?.secretHash ?? DUMMY_HASH);
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    return printer && same ? printer : undefined;
  }

  /** POST: the printer's status is recorded; the reply says whether a ticket waits for it. */
  async poll(
    printer: repo.PrinterRow,
    body: { statusCode: string; printingInProgress?: boolean | undefined },
  ) {
    const { db, now } = this.deps;
    const statusCode = decodeStatus(body.statusCode);
    await repo.recordPoll(db, printer.id, statusCode, now());
    if (body.printingInProgress) return { jobReady: false } satisfies PollReply;
    const job = await repo.pendingJob(db, printer.id);
    if (!job) return { jobReady: false } satisfies PollReply;
    return {
      jobReady: true,
      mediaTypes: [CLOUD_PRINT_MEDIA_TYPE],
      jobToken: String(job.id),
    } satisfies PollReply;
  }

  /** GET: the ticket's text in the media type asked for (text/plain, the only one offered). */
  async fetchJob(printer: repo.PrinterRow, query: { type?: string | undefined; token?: string | undefined }) {
    if (
      query.type !== undefined &&
      query.type.split(';')[0]!.trim().toLowerCase() !== CLOUD_PRINT_MEDIA_TYPE
    ) {
      throw new AppError('unsupported', 'UNSUPPORTED_MEDIA_TYPE', `Só ${CLOUD_PRINT_MEDIA_TYPE}.`);
    }
    const job = await repo.pendingJob(this.deps.db, printer.id, jobIdOf(query.token));
    if (!job) throw noJob();
    await repo.markSent(this.deps.db, job.id, this.deps.now());
    return job.content;
  }

  /** DELETE: printed (an OK or 2xx code), or not: tried again until PRINT_JOB_ATTEMPTS_MAX. */
  async confirmJob(printer: repo.PrinterRow, query: { code: string; token?: string | undefined }) {
    const { db, now } = this.deps;
    const job = await repo.pendingJob(db, printer.id, jobIdOf(query.token));
    if (!job) throw noJob();
    const code = decodeStatus(query.code);
    if (isPrintedCode(code)) {
      await repo.markPrinted(db, job.id, now());
      return;
    }
    const result = await repo.markNotPrinted(db, job.id, code, PRINT_JOB_ATTEMPTS_MAX, now());
    if (result?.status === 'failed') {
      this.deps.log.warn({ printerId: printer.id, jobId: job.id, code }, 'cloud print job failed for good');
    }
  }

  // ---- jobs -------------------------------------------------------------------------------------

  /**
   * The step the order tracking module runs inside an order's status change: an accept queues the
   * kitchen tickets, a cancel of a printed order the CANCELADO ones. It runs in a savepoint and
   * never throws: a ticket that cannot be queued never holds back the order.
   */
  readonly onOrderStatusChange = async (tx: DbExecutor, change: OrderStatusChange): Promise<void> => {
    const accepted = change.from === 'Solicitado' && change.to !== 'Cancelado';
    if (!accepted && change.to !== 'Cancelado') return;
    try {
      await tx.transaction(async (savepoint) => {
        if (accepted) await this.queueKitchenTickets(savepoint, change);
        else await this.queueCancelTickets(savepoint, change);
      });
    } catch (error) {
      this.deps.log.error({ err: error, orderId: change.orderId }, 'cloud print jobs not queued');
    }
  };

  /**
   * The step the PDV runs inside an order's edit: when the order's kitchen tickets went to cloud
   * printers, each station with a line added or taken out gets a PEDIDO ALTERADO ticket on the
   * printers of that station (or of every station), routed as the kitchen tickets are. An order
   * not accepted yet has no kitchen ticket: its tickets, when it is accepted, list the lines as
   * edited. A savepoint, never throws: a ticket that cannot be queued never holds back the edit.
   */
  readonly onOrderEdit = async (tx: DbExecutor, edit: OrderEdit): Promise<void> => {
    if (edit.added.length === 0 && edit.removed.length === 0) return;
    try {
      await tx.transaction(async (savepoint) => this.queueEditTickets(savepoint, edit));
    } catch (error) {
      this.deps.log.error({ err: error, orderId: edit.orderId }, 'cloud print jobs of an edit not queued');
    }
  };

  private async queueEditTickets(tx: DbExecutor, edit: OrderEdit) {
    const kitchen = await repo.kitchenJobsOf(tx, edit.storeId, edit.orderId);
    if (kitchen.length === 0) return;
    const printers = (await repo.activePrintersOf(tx, edit.storeId)).map((row) => row.printer);
    if (printers.length === 0) return;
    const source = await repo.ticketSourceOf(tx, edit.storeId, edit.orderId);
    if (!source) return;
    const routing = await stationRoutingOf(tx, edit.storeId);
    const withProduct = <Line extends TicketLineRow>(lines: readonly Line[]) =>
      lines.filter((line) => line.productId !== 0).map((line) => ({ ...line, produto: line.productId }));
    const added = linesByStation(routing, withProduct(edit.added));
    const removed = linesByStation(routing, withProduct(edit.removed));
    const stationIds = new Set([...added.keys(), ...removed.keys()]);
    const jobs: Parameters<typeof repo.insertJobs>[1] = [];
    for (const stationId of stationIds) {
      const stationName = stationId === null ? null : (source.stationNames.get(stationId) ?? null);
      const content = stationChangeText(
        source,
        { at: edit.at, added: added.get(stationId) ?? [], removed: removed.get(stationId) ?? [] },
        {
          name: source.storeName ?? '',
          timeZone: source.timeZone,
          station: stationId === null || stationName === null ? null : { id: stationId, name: stationName },
        },
      );
      for (const printer of printers) {
        if (printer.stationId !== null && printer.stationId !== stationId) continue;
        jobs.push({
          storeId: edit.storeId,
          printerId: printer.id,
          orderId: edit.orderId,
          stationId,
          kind: editJobKind(edit.editId),
          content,
          createdAt: edit.at,
        });
      }
    }
    await repo.insertJobs(tx, jobs);
  }

  private async queueKitchenTickets(tx: DbExecutor, change: OrderStatusChange) {
    const printers = (await repo.activePrintersOf(tx, change.storeId)).map((row) => row.printer);
    if (printers.length === 0) return;
    const source = await repo.ticketSourceOf(tx, change.storeId, change.orderId);
    if (!source) return;
    const routing = await stationRoutingOf(tx, change.storeId);
    const groups = linesByStation(
      routing,
      source.lines.map((line) => ({ ...line, produto: line.productId })),
    );
    const jobs: Parameters<typeof repo.insertJobs>[1] = [];
    for (const [stationId, lines] of groups) {
      const content = this.ticket(source, stationId, lines, 'kitchen');
      for (const printer of printers) {
        if (printer.stationId !== null && printer.stationId !== stationId) continue;
        jobs.push({
          storeId: change.storeId,
          printerId: printer.id,
          orderId: change.orderId,
          stationId,
          kind: 'kitchen',
          content,
          createdAt: change.at,
        });
      }
    }
    await repo.insertJobs(tx, jobs);
  }

  private async queueCancelTickets(tx: DbExecutor, change: OrderStatusChange) {
    const kitchen = (await repo.kitchenJobsOf(tx, change.storeId, change.orderId)).map((row) => row.job);
    if (kitchen.length === 0) return;
    // A ticket not printed yet is simply not printed; one that may have printed gets its CANCELADO.
    await repo.withdrawJobs(
      tx,
      kitchen.filter((job) => job.status === 'queued').map((job) => job.id),
      change.at,
    );
    const printed = kitchen.filter((job) => job.status === 'sent' || job.status === 'printed');
    if (printed.length === 0) return;
    const source = await repo.ticketSourceOf(tx, change.storeId, change.orderId);
    if (!source) return;
    const routing = await stationRoutingOf(tx, change.storeId);
    const groups = linesByStation(
      routing,
      source.lines.map((line) => ({ ...line, produto: line.productId })),
    );
    await repo.insertJobs(
      tx,
      printed.map((job) => ({
        storeId: change.storeId,
        printerId: job.printerId,
        orderId: change.orderId,
        stationId: job.stationId,
        kind: 'cancel',
        content: this.ticket(source, job.stationId, groups.get(job.stationId) ?? [], 'cancel'),
        createdAt: change.at,
      })),
    );
  }

  private ticket(
    source: NonNullable<Awaited<ReturnType<typeof repo.ticketSourceOf>>>,
    stationId: number | null,
    lines: (typeof source.lines)[number][],
    kind: TicketKind,
  ): string {
    const stationName = stationId === null ? null : (source.stationNames.get(stationId) ?? null);
    return stationTicketText(
      source,
      lines,
      {
        name: source.storeName ?? '',
        timeZone: source.timeZone,
        station: stationId === null || stationName === null ? null : { id: stationId, name: stationName },
      },
      kind,
    );
  }
}

function lockPrinters(storeId: number) {
  return sql`select pg_advisory_xact_lock(hashtext('cloud_printers'), ${storeId})`;
}

/** A status or result code as the printer sends it, "200%20OK" or "200 OK", as text. */
function decodeStatus(code: string): string {
  let text = code;
  try {
    text = decodeURIComponent(code);
  } catch {
    // Not URL-encoded after all: kept as sent.
  }
  return text.trim().slice(0, 100);
}

/** The job a token names; an unusable token names no job (a job id is never 0). */
function jobIdOf(token: string | undefined): number | undefined {
  if (token === undefined || token === '') return undefined;
  return /^\d{1,9}$/.test(token) ? Number(token) : 0;
}
