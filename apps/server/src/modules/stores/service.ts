import type { StoreCreateReply, StoreCreateRequest, StoreTemplate } from '@comanda/contract';
import { type PhoneCountry, type StoreTimeZone, storeSlugProblem } from '@comanda/domain';
import type { Database } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import type { ScryptCost } from '../../lib/password.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import type { RateLimiter, WindowRule } from '../../plugins/rate-limit.ts';
import { createStaffAccount, type StaffRow } from '../staff/index.ts';
import { applyStoreDocument, parseStoreDocument } from '../store-import/index.ts';
import * as repo from './repository.ts';
import { TEMPLATES } from './templates.ts';

/*
 * New stores (issue 17, docs/decisions/0032): a sub-domain, a name and a first owner, from a
 * template; made by `npm run store:create` or by an owner of another store (POST /staff/stores).
 */

/** The sub-domain's rules (packages/domain/src/store-slug.ts), refused with their field. */
export function checkSlug(slug: string): string {
  const problem = storeSlugProblem(slug);
  if (problem === 'INVALID_SLUG')
    throw invalid(
      'INVALID_SLUG',
      'O endereço deve ter de 2 a 63 letras minúsculas, números ou hífens, sem hífen no começo ou no fim.',
      'slug',
    );
  if (problem === 'SLUG_RESERVED')
    throw invalid('SLUG_RESERVED', `O endereço '${slug}' é reservado. Escolha outro.`, 'slug');
  return slug;
}

/** The staff account's refusals name its fields; here they are the owner's. */
const OWNER_FIELDS: Record<string, string> = {
  phone: 'owner_phone',
  nome: 'owner_name',
  password: 'password',
};

function ownerRefusal(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.extra.field) return error;
  return new AppError(error.kind, error.code, error.detail, {
    ...error.extra,
    field: OWNER_FIELDS[error.extra.field] ?? error.extra.field,
  });
}

const slugTaken = (slug: string) =>
  new AppError('conflict', 'SLUG_TAKEN', `Já existe uma loja no endereço '${slug}'. Escolha outro.`, {
    field: 'slug',
  });

export interface NewStore {
  slug: string;
  nome: string;
  template: StoreTemplate;
  /** The store's IANA time zone; São Paulo's when not given. */
  timeZone?: StoreTimeZone;
  owner: { phone: string; country: PhoneCountry; name: string; password: string };
  /** The first store of the chain of owners that asks for this one; none when the operator does. */
  rootStoreId?: number;
}

export interface CreatedStore {
  storeId: number;
  slug: string;
  owner: StaffRow;
}

/**
 * Creates the store from its template and its owner, in one transaction: a refused owner (a bad
 * phone, a short password) leaves no store behind, and a slug taken meanwhile is 409 SLUG_TAKEN.
 */
export async function createStore(
  db: Database,
  input: NewStore,
  options: { cost: ScryptCost; now: Date },
): Promise<CreatedStore> {
  const slug = checkSlug(input.slug);
  const nome = input.nome.trim();
  if (nome.length < 2 || nome.length > 120)
    throw invalid('INVALID_NAME', 'O nome da loja deve ter de 2 a 120 caracteres.', 'nome');
  const document = parseStoreDocument(
    TEMPLATES[input.template]({ slug, nome, ...(input.timeZone ? { timeZone: input.timeZone } : {}) }),
  );
  return db.transaction(async (tx) => {
    const storeId = await repo.claimSlug(tx, slug, input.rootStoreId ?? null);
    if (storeId === undefined) throw slugTaken(slug);
    await applyStoreDocument(tx, document);
    const owner = await createStaffAccount(
      tx,
      { storeId, ...input.owner, role: 'owner' },
      { cost: options.cost, now: options.now },
    ).catch((error: unknown) => {
      throw ownerRefusal(error);
    });
    return { storeId, slug, owner };
  });
}

/**
 * New stores a chain of owners may open a day (RATE_LIMIT_MULTIPLIER scales it), counted per
 * lineage (issue 30, F6): every store made through POST /staff/stores remembers the first store of
 * its chain (the one the operator made), and the limit is that root's. Counted per account, each
 * new store's owner brought 10 more a day and chained owners multiplied the limit; per lineage, a
 * store and every store its owners' stores make share 10 a day however long the chain.
 */
export const STORES_PER_LINEAGE: WindowRule = {
  kind: 'window',
  name: 'store-create',
  max: 10,
  windowSeconds: 24 * 60 * 60,
  message: 'Muitas lojas criadas hoje.',
};

export interface StoreServiceDeps {
  db: Database;
  now: () => Date;
  limiter: RateLimiter;
  passwordCost: ScryptCost;
  /** The new store's public address. */
  publicOrigin: (slug: string) => string;
  /** A store now exists under this slug (the tenant lookup may have remembered it missing). */
  created: (slug: string) => void;
}

export class StoreService {
  constructor(private readonly deps: StoreServiceDeps) {}

  /** POST /staff/stores */
  async create(staff: StaffPrincipal, body: StoreCreateRequest): Promise<StoreCreateReply> {
    const { now } = this.deps;
    checkSlug(body.slug);
    const rootStoreId = await repo.rootStoreOf(this.deps.db, staff.storeId);
    await this.deps.limiter.consume(rootStoreId, STORES_PER_LINEAGE, 'lineage', now());
    const created = await createStore(
      this.deps.db,
      {
        slug: body.slug,
        nome: body.nome,
        template: body.template,
        timeZone: body.time_zone,
        owner: {
          phone: body.owner_phone,
          country: body.owner_country,
          name: body.owner_name,
          password: body.password,
        },
        rootStoreId,
      },
      { cost: this.deps.passwordCost, now: now() },
    );
    this.deps.created(created.slug);
    return {
      slug: created.slug,
      url: this.deps.publicOrigin(created.slug),
      owner: { user_id: created.owner.id, username: created.owner.phone },
    };
  }
}
