import { isDeepStrictEqual } from 'node:util';
import type {
  PaymentProviderKind,
  StaffPaymentProviderReply,
  StaffPaymentProviderRequest,
} from '@comanda/contract';
import { maskPixKey } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { storeAuditLog, stores } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import {
  type PaymentProviderSection,
  paymentProviderSection,
  readProviderSettings,
  SECRET_FIELDS,
  saveProviderSettings,
} from './provider-settings.ts';
import * as repo from './repository.ts';
import { SecretsKeyError } from './secrets.ts';

/*
 * The store's payment provider changed by an owner in the staff app (issue 33 part 5,
 * docs/decisions/0063): the same section `npm run store:import` reads, its secrets sealed the same
 * way; confirmed with the owner's own password, written to the change history and announced to
 * every owner. Secrets never go back out: the reply names the ones kept.
 */

export interface ProviderChangeDeps {
  db: Database;
  now: () => Date;
  /** The key that seals the providers' secrets (PAYMENT_SECRETS_KEY); null when the server has none. */
  secretsKey: Buffer | null;
  moneyRules: {
    confirmOwnerPassword(staff: StaffPrincipal, password: string | undefined): Promise<void>;
    announce(
      tx: DbExecutor,
      staff: StaffPrincipal,
      kind: 'payment_provider',
      detail: { before: string | null; after: string | null },
      at: Date,
    ): Promise<void>;
  };
}

/** Settings kept but not shown (long certificates): named like the secrets. */
const UNSHOWN_FIELDS = ['cert_pem', 'ca_pem'];
const PROVIDER_NAMES: Record<PaymentProviderKind, string> = {
  mercadopago: 'Mercado Pago',
  stripe: 'Stripe',
  apipix: 'API Pix',
  static_pix: 'Chave PIX da loja',
};

const isSecret = (field: string) => (SECRET_FIELDS as readonly string[]).includes(field);

const invalidSettings = (field: string, detail: string) =>
  new AppError('invalid', 'INVALID_PROVIDER_SETTINGS', detail, { field });
const secretsUnavailable = () =>
  new AppError(
    'conflict',
    'PAYMENT_SECRETS_UNAVAILABLE',
    'O servidor não tem a chave para guardar os segredos do provedor. Nada foi alterado.',
  );

/** What an owner may see of a provider section: no secret, the PIX key masked, names of the rest. */
function publicView(section: PaymentProviderSection | null): {
  provider: PaymentProviderKind | null;
  settings: Record<string, string | null>;
  secrets_set: string[];
} {
  if (!section) return { provider: null, settings: {}, secrets_set: [] };
  const settings: Record<string, string | null> = {};
  const kept: string[] = [];
  for (const [field, value] of Object.entries(section)) {
    if (field === 'provider') continue;
    if (isSecret(field) || UNSHOWN_FIELDS.includes(field)) {
      if (typeof value === 'string' && value !== '') kept.push(field);
      continue;
    }
    settings[field] = typeof value !== 'string' ? null : field === 'pix_key' ? maskPixKey(value) : value;
  }
  return { provider: section.provider, settings, secrets_set: kept.sort() };
}

/** The provider as an owner's notice names it: its name, and its PIX key masked when it has one. */
function noticeName(section: PaymentProviderSection | null): string | null {
  if (!section) return null;
  const key = 'pix_key' in section ? maskPixKey(section.pix_key) : null;
  return key ? `${PROVIDER_NAMES[section.provider]} (${key})` : PROVIDER_NAMES[section.provider];
}

export class ProviderChange {
  constructor(private readonly deps: ProviderChangeDeps) {}

  /** GET /staff/payments/provider */
  async current(staff: StaffPrincipal): Promise<StaffPaymentProviderReply> {
    const row = await repo.findProviderConfig(this.deps.db, staff.storeId);
    return this.reply(row);
  }

  /**
   * PUT /staff/payments/provider: checked first (400 INVALID_PROVIDER_SETTINGS naming the field),
   * then the owner's password (403 OWNER_PASSWORD_REQUIRED / WRONG), then saved with its history
   * entry and the owners' notice in one transaction. Any refusal changes nothing.
   */
  async change(staff: StaffPrincipal, body: StaffPaymentProviderRequest): Promise<StaffPaymentProviderReply> {
    const { db, now, secretsKey, moneyRules } = this.deps;
    const currentRow = await repo.findProviderConfig(db, staff.storeId);
    const current = currentRow ? this.opened(currentRow) : null;
    const next = this.parse(body, current);
    const hasSecrets = Object.keys(next).some(
      (field) => isSecret(field) && typeof (next as Record<string, unknown>)[field] === 'string',
    );
    if (hasSecrets && !secretsKey) throw secretsUnavailable();
    await moneyRules.confirmOwnerPassword(staff, body.owner_password);
    const at = now();
    await db.transaction(async (tx) => {
      // One change at a time per store: the store's row is held while the provider is read and written.
      const [store] = await tx
        .select({ menuVersion: stores.menuVersion })
        .from(stores)
        .where(eq(stores.id, staff.storeId))
        .for('update');
      if (!store) throw notFound('STORE_NOT_FOUND', 'Loja não encontrada.');
      const lockedRow = await repo.findProviderConfig(tx, staff.storeId);
      const before = lockedRow ? this.opened(lockedRow) : null;
      if (before && isDeepStrictEqual(before, next)) return;
      await saveProviderSettings(tx, staff.storeId, next, secretsKey, at);
      await tx.insert(storeAuditLog).values({
        storeId: staff.storeId,
        staffId: staff.staffId,
        at,
        section: 'payment_provider',
        menuVersion: store.menuVersion,
        before: publicView(before),
        after: publicView(next),
      });
      await moneyRules.announce(
        tx,
        staff,
        'payment_provider',
        { before: noticeName(before), after: noticeName(next) },
        at,
      );
    });
    return this.reply(await repo.findProviderConfig(db, staff.storeId));
  }

  /** The section asked for: a field left out or empty keeps the store's own when the provider stays. */
  private parse(
    body: StaffPaymentProviderRequest,
    current: PaymentProviderSection | null,
  ): PaymentProviderSection {
    const given: Record<string, unknown> = { provider: body.provider };
    for (const [field, value] of Object.entries(body.settings)) {
      if (field === 'provider')
        throw invalidSettings('settings.provider', 'Escolha o provedor fora das configurações.');
      if (value === null || value.trim() === '') continue;
      given[field] = value.trim();
    }
    const merged = current && current.provider === body.provider ? { ...current, ...given } : given;
    const parsed = paymentProviderSection.safeParse(merged);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || 'settings';
    const detail =
      issue.code === 'unrecognized_keys'
        ? `Campo desconhecido para ${PROVIDER_NAMES[body.provider]}: ${issue.keys.join(', ')}.`
        : issue.code === 'invalid_type' && issue.input === undefined
          ? `Preencha ${field}.`
          : `Confira ${field}: ${issue.message}.`;
    throw invalidSettings(
      issue.code === 'unrecognized_keys' ? `settings.${issue.keys[0]}` : `settings.${field}`,
      detail,
    );
  }

  private opened(row: repo.ProviderRow): PaymentProviderSection {
    try {
      return readProviderSettings(row, this.deps.secretsKey);
    } catch (error) {
      if (error instanceof SecretsKeyError) throw secretsUnavailable();
      throw error;
    }
  }

  private reply(row: repo.ProviderRow | undefined): StaffPaymentProviderReply {
    if (!row) return { ...publicView(null), updated_at: null };
    // Shown without opening the secrets: the settings as kept, the sealed ones by name.
    const view = publicView({
      ...(row.settings as object),
      provider: row.provider,
    } as PaymentProviderSection);
    const sealed = row.secrets ? this.sealedNames(row) : [];
    return {
      ...view,
      secrets_set: [...new Set([...view.secrets_set, ...sealed])].sort(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** The names of a row's sealed secrets (opened only to list their names, when the key is here). */
  private sealedNames(row: repo.ProviderRow): string[] {
    try {
      const section = readProviderSettings(row, this.deps.secretsKey) as Record<string, unknown>;
      return Object.keys(section).filter((field) => isSecret(field) && typeof section[field] === 'string');
    } catch {
      return [];
    }
  }
}
