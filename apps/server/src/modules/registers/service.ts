import type {
  RegisterLine,
  RegisterSessionReply,
  RegisterSessionSummary,
  RegisterSessionsReply,
  RegistersReply,
} from '@comanda/contract';
import {
  closingCount,
  DEFAULT_REGISTER_NAME,
  expectedByMethod,
  movementRefusal,
  REGISTERS_PER_STORE_MAX,
  type RegisterFigures,
  type RegisterMovementKind,
  registerLineOf,
  unknownCountKeys,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import * as repo from './repository.ts';

export interface RegistersDeps {
  db: Database;
  now: () => Date;
}

const registerNotFound = () => notFound('REGISTER_NOT_FOUND', 'Caixa não encontrado.');
const sessionNotFound = () => notFound('REGISTER_SESSION_NOT_FOUND', 'Abertura de caixa não encontrada.');
const registerClosed = () =>
  new AppError(
    'conflict',
    'REGISTER_CLOSED',
    'Este caixa já foi fechado. Abra o caixa de novo para continuar.',
  );
const nameTaken = () => new AppError('conflict', 'REGISTER_NAME_TAKEN', 'Já existe um caixa com esse nome.');

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * The store's cash registers (docs/decisions/0060): named terminals, each opened with a float by a
 * member of the staff, its cash movements, the in-person takings the ledger puts in it, and its
 * closing count per payment method. A store starts with one register, 'Caixa', made the first time
 * its registers are read.
 */
export class RegistersService {
  constructor(private readonly deps: RegistersDeps) {}

  async registers(storeId: number, db: DbExecutor = this.deps.db): Promise<RegistersReply> {
    let rows = await repo.registersOf(db, storeId);
    if (rows.length === 0) {
      await db.transaction(async (tx) => {
        await repo.lockStore(tx, storeId);
        if ((await repo.registersOf(tx, storeId)).length === 0) {
          await repo.insertRegister(tx, storeId, DEFAULT_REGISTER_NAME, this.deps.now());
        }
      });
      rows = await repo.registersOf(db, storeId);
    }
    const open = await repo.openSessions(db, storeId);
    const summaries = await this.summaries(db, storeId, open);
    return {
      registers: rows.map((row) => ({
        id: row.id,
        name: row.name,
        ativo: row.ativo,
        open_session: summaries.find((session) => session.register_id === row.id) ?? null,
      })),
    };
  }

  async create(staff: StaffPrincipal, name: string): Promise<RegistersReply> {
    await this.deps.db.transaction(async (tx) => {
      await repo.lockStore(tx, staff.storeId);
      const rows = await repo.registersOf(tx, staff.storeId);
      if (rows.length === 0)
        await repo.insertRegister(tx, staff.storeId, DEFAULT_REGISTER_NAME, this.deps.now());
      if (rows.length >= REGISTERS_PER_STORE_MAX) {
        throw new AppError(
          'conflict',
          'REGISTERS_LIMIT',
          `Uma loja tem no máximo ${REGISTERS_PER_STORE_MAX} caixas.`,
        );
      }
      if (!(await repo.insertRegister(tx, staff.storeId, name.trim(), this.deps.now()))) throw nameTaken();
    });
    return this.registers(staff.storeId);
  }

  async update(staff: StaffPrincipal, id: number, change: { name?: string; ativo?: boolean }) {
    await this.deps.db.transaction(async (tx) => {
      await repo.lockStore(tx, staff.storeId);
      const rows = await repo.registersOf(tx, staff.storeId);
      if (!rows.some((row) => row.id === id)) throw registerNotFound();
      const name = change.name?.trim();
      if (name !== undefined && rows.some((row) => row.id !== id && row.name === name)) throw nameTaken();
      if (
        change.ativo === false &&
        (await repo.openSessions(tx, staff.storeId)).some((s) => s.registerId === id)
      ) {
        throw new AppError('conflict', 'REGISTER_OPEN', 'Feche o caixa antes de desativá-lo.');
      }
      await repo.updateRegister(tx, staff.storeId, id, { name, ativo: change.ativo });
    });
    return this.registers(staff.storeId);
  }

  /** Opens a register with its float: 409 REGISTER_ALREADY_OPEN when it is open. */
  async open(staff: StaffPrincipal, registerId: number, openingFloat: number): Promise<RegisterSessionReply> {
    const { db, now } = this.deps;
    const id = await db.transaction(async (tx) => {
      const register = (await repo.registersOf(tx, staff.storeId)).find((row) => row.id === registerId);
      if (!register) throw registerNotFound();
      if (!register.ativo) throw new AppError('conflict', 'REGISTER_INACTIVE', 'Este caixa está desativado.');
      const session = await repo.insertSession(tx, {
        storeId: staff.storeId,
        registerId,
        openedAt: now(),
        openedBy: staff.staffId,
        openingFloat,
      });
      if (!session) throw new AppError('conflict', 'REGISTER_ALREADY_OPEN', 'Este caixa já está aberto.');
      return session.id;
    });
    return this.session(staff.storeId, id);
  }

  /** A sangria or a suprimento: 409 REGISTER_CLOSED, or SANGRIA_ABOVE_CASH past the drawer's cash. */
  async move(
    staff: StaffPrincipal,
    sessionId: number,
    movement: { kind: RegisterMovementKind; amount: number; reason: string },
  ): Promise<RegisterSessionReply> {
    await this.deps.db.transaction((tx) => this.moveInTransaction(tx, staff, sessionId, movement));
    return this.session(staff.storeId, sessionId);
  }

  /**
   * A movement in the caller's transaction, under the same rules (the session locked, its cash
   * checked): a courier's settlement pays the courier from the drawer this way (docs/decisions/0070).
   * The movement's id.
   */
  async moveInTransaction(
    tx: DbExecutor,
    staff: StaffPrincipal,
    sessionId: number,
    movement: { kind: RegisterMovementKind; amount: number; reason: string },
  ): Promise<number> {
    const session = await repo.sessionOf(tx, staff.storeId, sessionId, true);
    if (!session) throw sessionNotFound();
    if (session.closedAt) throw registerClosed();
    const lines = expectedByMethod(await this.figures(tx, session));
    const drawer = lines.find((line) => line.cash)?.expected ?? 0;
    const refusal = movementRefusal(movement, drawer);
    if (refusal === 'SANGRIA_ABOVE_CASH') {
      throw new AppError('conflict', 'SANGRIA_ABOVE_CASH', 'A sangria é maior que o dinheiro no caixa.');
    }
    if (refusal) throw invalid('AMOUNT_NOT_POSITIVE', 'Informe um valor maior que zero.', 'amount');
    return repo.insertMovement(tx, {
      storeId: staff.storeId,
      sessionId,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason.trim(),
      at: this.deps.now(),
      staffId: staff.staffId,
    });
  }

  /**
   * Closes a session with what was counted per line: the expected amounts, the counts and their
   * differences are kept. Of two closings at once, one closes and the other gets REGISTER_CLOSED.
   */
  async close(
    staff: StaffPrincipal,
    sessionId: number,
    counted: Record<string, number>,
  ): Promise<RegisterSessionReply> {
    const { db, now } = this.deps;
    await db.transaction(async (tx) => {
      const session = await repo.sessionOf(tx, staff.storeId, sessionId, true);
      if (!session) throw sessionNotFound();
      if (session.closedAt) throw registerClosed();
      const lines = expectedByMethod(await this.figures(tx, session));
      const unknown = unknownCountKeys(lines, counted);
      if (unknown.length > 0) {
        throw invalid(
          'UNKNOWN_COUNT_LINE',
          'Forma de pagamento não encontrada neste caixa.',
          `counted.${unknown[0]}`,
        );
      }
      const count = closingCount(lines, counted);
      if (!(await repo.closeSession(tx, staff.storeId, sessionId, now(), staff.staffId)))
        throw registerClosed();
      await repo.insertCounts(
        tx,
        count.lines.map((line, position) => ({
          storeId: staff.storeId,
          sessionId,
          methodKey: line.key,
          methodName: line.name,
          cash: line.cash,
          position,
          takings: line.takings,
          expected: line.expected,
          counted: line.counted,
          difference: line.difference,
        })),
      );
    });
    return this.session(staff.storeId, sessionId);
  }

  async session(
    storeId: number,
    sessionId: number,
    db: DbExecutor = this.deps.db,
  ): Promise<RegisterSessionReply> {
    const session = await repo.sessionOf(db, storeId, sessionId);
    if (!session) throw sessionNotFound();
    const [summary] = await this.summaries(db, storeId, [session]);
    const figures = await this.figures(db, session);
    const movements = await repo.movementsOf(db, storeId, [session.id]);
    const takings = await repo.takingsOf(db, storeId, session.id);
    const names = await repo.staffNames(db, storeId);
    const lines = await this.lines(db, session, figures);
    return {
      ...summary!,
      store_name: await repo.storeNameOf(db, storeId),
      cash_in_drawer: expectedByMethod(figures).find((line) => line.cash)?.expected ?? 0,
      lines,
      movements: movements.map((row) => ({
        id: row.id,
        kind: row.kind as RegisterMovementKind,
        amount: row.amount,
        reason: row.reason,
        at: row.at.toISOString(),
        by: row.staffId === null ? null : (names.get(row.staffId) ?? null),
      })),
      takings: takings.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        kind: row.kind,
        order_id: row.orderId,
        numero: row.orderNumber,
        tab_id: row.tabId,
        channel: row.channel,
        payment_name: row.paymentName,
        line_key: registerLineOf(row, figures.methods).key,
        amount: row.amount,
      })),
    };
  }

  async sessions(
    storeId: number,
    filter: { registerId?: number; before?: number; limit?: number },
  ): Promise<RegisterSessionsReply> {
    const limit = filter.limit ?? 20;
    const rows = await repo.sessionsOf(this.deps.db, storeId, { ...filter, limit: limit + 1 });
    const page = rows.slice(0, limit);
    return {
      sessions: await this.summaries(this.deps.db, storeId, page),
      next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** What a session's figures are made of, read in `db` (the locking transaction when changing it). */
  private async figures(db: DbExecutor, session: repo.SessionRow): Promise<RegisterFigures> {
    const [movements, takings, methods] = await readTogether(db, [
      () => repo.movementsOf(db, session.storeId, [session.id]),
      () => repo.takingsOf(db, session.storeId, session.id),
      () => repo.paymentMethodsOf(db, session.storeId),
    ]);
    return {
      openingFloat: session.openingFloat,
      movements: movements.map((row) => ({ kind: row.kind as RegisterMovementKind, amount: row.amount })),
      takings,
      methods,
    };
  }

  /** A session's lines: computed now while open, as counted once closed. */
  private async lines(
    db: DbExecutor,
    session: repo.SessionRow,
    figures?: RegisterFigures,
  ): Promise<RegisterLine[]> {
    if (session.closedAt) {
      const counts = await repo.countsOf(db, session.storeId, [session.id]);
      return counts.map((row) => ({
        key: row.methodKey,
        name: row.methodName,
        cash: row.cash,
        takings: row.takings,
        expected: row.expected,
        counted: row.counted,
        difference: row.difference,
      }));
    }
    return expectedByMethod(figures ?? (await this.figures(db, session))).map((line) => ({
      ...line,
      counted: null,
      difference: null,
    }));
  }

  private async summaries(
    db: DbExecutor,
    storeId: number,
    sessions: readonly repo.SessionRow[],
  ): Promise<RegisterSessionSummary[]> {
    if (sessions.length === 0) return [];
    const registers = new Map((await repo.registersOf(db, storeId)).map((row) => [row.id, row.name]));
    const names = await repo.staffNames(db, storeId);
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    const result: RegisterSessionSummary[] = [];
    for (const session of sessions) {
      const lines = await this.lines(db, session);
      const closed = session.closedAt !== null;
      const sum = (pick: (line: RegisterLine) => number | null) =>
        lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
      result.push({
        id: session.id,
        register_id: session.registerId,
        register_name: registers.get(session.registerId) ?? '',
        opened_at: session.openedAt.toISOString(),
        opened_by: nameOf(session.openedBy),
        opening_float: session.openingFloat,
        closed_at: iso(session.closedAt),
        closed_by: nameOf(session.closedBy),
        expected_total: sum((line) => line.expected),
        counted_total: closed ? sum((line) => line.counted) : null,
        difference_total: closed ? sum((line) => line.difference) : null,
      });
    }
    return result;
  }
}

/** True when any of the order's ledger entries belongs to a register session that is closed now. */
export function orderInClosedRegister(db: DbExecutor, storeId: number, orderId: number): Promise<boolean> {
  return repo.orderInClosedSession(db, storeId, orderId);
}
