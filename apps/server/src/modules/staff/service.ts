import type {
  StaffAccount,
  TeamMember,
  TeamMemberCreateRequest,
  TeamMemberUpdateRequest,
  TeamReply,
} from '@comanda/contract';
import type { PhoneCountry, StaffRole } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { checkDisplayName, checkPassword } from '../../lib/account-fields.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { hashing, hashPassword, type ScryptCost } from '../../lib/password.ts';
import { accountWords } from '../../lib/password-strength.ts';
import { parseSignUpPhone } from '../../lib/phone.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { endAccountSessions, type SessionEnds } from '../../plugins/sessions.ts';
import * as repo from './repository.ts';

/*
 * Staff accounts (docs/decisions/0026): a store's team, apart from its customers. The owner adds
 * and removes members and sets their roles; `npm run staff:create` makes the first owner.
 */

export type { StaffRow } from './repository.ts';

export interface StaffInput {
  storeId: number;
  country: PhoneCountry;
  phone: string;
  name: string;
  password: string;
  role: StaffRole;
}

/** A new member of a store's team (the CLI and POST /staff/team); 409 PHONE_TAKEN when it is one already. */
export async function createStaffAccount(
  db: DbExecutor,
  input: StaffInput,
  options: { cost: ScryptCost; now: Date },
): Promise<repo.StaffRow> {
  const phone = parseSignUpPhone(input.country, input.phone);
  if (!phone) throw invalid('INVALID_PHONE', `Informe um celular válido (${input.country}).`, 'phone');
  const nome = checkDisplayName(input.name, 'nome');
  const store = await repo.findStoreWords(db, input.storeId);
  const password = await checkPassword(
    input.password,
    accountWords(store?.nome, store?.slug, nome, input.phone),
  );
  if (await repo.findStaffByPhone(db, input.storeId, phone.loginDigits)) throw phoneTaken();
  const at = options.now;
  const row = await repo.insertStaff(db, {
    storeId: input.storeId,
    phone: phone.loginDigits,
    phoneCountry: phone.country,
    nome,
    role: input.role,
    passwordHash: await hashing(hashPassword(password, options.cost)),
    passwordChangedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  if (!row) throw phoneTaken();
  return row;
}

/** The member of the store's team with these login digits (sign-in). */
export function findStaffByPhone(db: DbExecutor, storeId: number, phone: string) {
  return repo.findStaffByPhone(db, storeId, phone);
}

/** A re-hash at sign-in (a raised cost). */
export async function setStaffPasswordHash(
  db: DbExecutor,
  storeId: number,
  id: number,
  values: { passwordHash: string; updatedAt: Date },
): Promise<void> {
  await repo.updateStaff(db, storeId, id, values);
}

const phoneTaken = () =>
  new AppError('conflict', 'PHONE_TAKEN', 'Este telefone já faz parte da equipe desta loja.', {
    field: 'phone',
  });
const staffNotFound = () => notFound('STAFF_NOT_FOUND', 'Membro da equipe não encontrado.');
const lastOwner = () =>
  new AppError(
    'conflict',
    'LAST_OWNER',
    'A loja precisa de pelo menos um dono. Torne outra pessoa dona antes.',
    { field: 'role' },
  );
const cannotRemoveSelf = () =>
  new AppError('conflict', 'CANNOT_REMOVE_SELF', 'Você não pode remover a sua própria conta.');
const notAnOwnerAnyMore = () => new AppError('forbidden', 'FORBIDDEN', 'Você não tem acesso a isto.');

const toMember = (row: repo.StaffRow): TeamMember => ({
  id: row.id,
  nome: row.nome,
  telefone: row.phone,
  role: row.role as StaffRole,
  created_at: row.createdAt.toISOString(),
});

export interface StaffServiceDeps {
  db: Database;
  now: () => Date;
  passwordCost: ScryptCost;
  sessionEnds: SessionEnds;
  /** The store's own roles and the member's approval code (the role rules module). */
  roleRules?: {
    effectiveRules(storeId: number): Promise<Partial<Record<string, StaffRole>>>;
    hasApprovalCode(staff: StaffPrincipal): Promise<boolean>;
  };
}

export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  /** GET /staff/me */
  async me(staff: StaffPrincipal): Promise<StaffAccount> {
    const row = await repo.findStaffById(this.deps.db, staff.storeId, staff.staffId);
    if (!row) throw staffNotFound();
    const rules = this.deps.roleRules;
    return {
      user_id: row.id,
      username: row.phone,
      nome: row.nome,
      role: row.role as StaffRole,
      ...(rules
        ? {
            capability_overrides: (await rules.effectiveRules(staff.storeId)) as Record<string, StaffRole>,
            has_approval_code: await rules.hasApprovalCode(staff),
          }
        : {}),
    };
  }

  /** GET /staff/team */
  async team(staff: StaffPrincipal): Promise<TeamReply> {
    return { members: (await repo.listStaff(this.deps.db, staff.storeId)).map(toMember) };
  }

  /** POST /staff/team */
  async add(staff: StaffPrincipal, body: TeamMemberCreateRequest): Promise<TeamMember> {
    const row = await createStaffAccount(
      this.deps.db,
      {
        storeId: staff.storeId,
        country: body.country,
        phone: body.phone,
        name: body.nome,
        password: body.password,
        role: body.role,
      },
      { cost: this.deps.passwordCost, now: this.deps.now() },
    );
    return toMember(row);
  }

  /** A member's new password, checked against the store's and the member's own words. */
  private async checkMemberPassword(storeId: number, id: number, body: { password?: string; nome?: string }) {
    const { db } = this.deps;
    const [store, member] = await Promise.all([
      repo.findStoreWords(db, storeId),
      repo.findStaffById(db, storeId, id),
    ]);
    if (!member) throw staffNotFound();
    return checkPassword(
      body.password ?? '',
      accountWords(store?.nome, store?.slug, member.nome, body.nome, member.phone),
    );
  }

  /** PATCH /staff/team/{id}: a new password ends the member's sessions. */
  async update(staff: StaffPrincipal, id: number, body: TeamMemberUpdateRequest): Promise<TeamMember> {
    const { db, now, passwordCost } = this.deps;
    const nome = body.nome === undefined ? undefined : checkDisplayName(body.nome, 'nome');
    const passwordHash =
      body.password === undefined
        ? undefined
        : await hashing(hashPassword(await this.checkMemberPassword(staff.storeId, id, body), passwordCost));
    const at = now();
    const row = await db.transaction(async (tx) => {
      const owners = await repo.lockOwners(tx, staff.storeId);
      if (!owners.includes(staff.staffId)) throw notAnOwnerAnyMore();
      const member = await repo.findStaffById(tx, staff.storeId, id);
      if (!member) throw staffNotFound();
      if (member.role === 'owner' && body.role !== undefined && body.role !== 'owner' && owners.length <= 1) {
        throw lastOwner();
      }
      const updated = await repo.updateStaff(tx, staff.storeId, id, {
        ...(body.role === undefined ? {} : { role: body.role }),
        ...(nome === undefined ? {} : { nome }),
        ...(passwordHash === undefined ? {} : { passwordHash, passwordChangedAt: at }),
        updatedAt: at,
      });
      if (!updated) throw staffNotFound();
      if (passwordHash !== undefined) await endAccountSessions(tx, staff.storeId, { staffId: id });
      return updated;
    });
    if (passwordHash !== undefined) this.deps.sessionEnds.announce({ storeId: staff.storeId, staffId: id });
    return toMember(row);
  }

  /** DELETE /staff/team/{id}: the member stops signing in at once; the order history keeps them. */
  async remove(staff: StaffPrincipal, id: number): Promise<void> {
    const { db, now } = this.deps;
    if (id === staff.staffId) throw cannotRemoveSelf();
    await db.transaction(async (tx) => {
      const owners = await repo.lockOwners(tx, staff.storeId);
      if (!owners.includes(staff.staffId)) throw notAnOwnerAnyMore();
      const member = await repo.findStaffById(tx, staff.storeId, id);
      if (!member) throw staffNotFound();
      const at = now();
      await repo.updateStaff(tx, staff.storeId, id, { removedAt: at, updatedAt: at });
      await endAccountSessions(tx, staff.storeId, { staffId: id });
    });
    this.deps.sessionEnds.announce({ storeId: staff.storeId, staffId: id });
  }
}
