import type { OutsideProviderReply, OutsideProviderRequest } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storeAuditLog, storeCourierProviders, stores } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { openSecrets, SecretsKeyError, sealSecrets } from '../payments/index.ts';
import { type CourierProvider, IfoodShippingProvider } from './courier-provider.ts';
import { IfoodTokenSource } from './ifood-token.ts';

/*
 * A store's own outside courier company (docs/decisions/0070 follow-ups): iFood Shipping or the
 * stand-in, its merchant id and its client credentials, sealed like the payment providers' secrets
 * (secrets.ts, the store's id bound) and never shown again. Changed with the caller's own password,
 * written to the change history. Each store's adapter keeps its own token (client credentials flow),
 * renewed before it ends; a change of settings makes a new adapter.
 */

type Kind = OutsideProviderRequest['provedor'];

export interface OutsideSettingsDeps {
  db: Database;
  now: () => Date;
  secretsKey: Buffer | null;
  ownerPassword: { confirmOwnerPassword(staff: StaffPrincipal, password: string | undefined): Promise<void> };
  /** Where each company answers: iFood's API, the stand-in's loopback address (null when not running). */
  baseUrl: { ifood: string; standin: () => string | null };
}

const invalidSettings = (field: string, detail: string) =>
  new AppError('invalid', 'INVALID_PROVIDER_SETTINGS', detail, { field });

export interface StoreCompany {
  provider: CourierProvider;
  merchantId: string;
}

export class OutsideSettings {
  private readonly cache = new Map<number, { stamp: number; company: StoreCompany }>();

  constructor(private readonly deps: OutsideSettingsDeps) {}

  private async row(storeId: number) {
    const [row] = await this.deps.db
      .select()
      .from(storeCourierProviders)
      .where(eq(storeCourierProviders.storeId, storeId));
    return row ?? null;
  }

  /** GET /staff/dispatch/outside-provider */
  async current(staff: StaffPrincipal): Promise<OutsideProviderReply> {
    const row = await this.row(staff.storeId);
    if (!row) return { provedor: null, merchant_id: null, segredos_definidos: [] };
    return {
      provedor: row.provider as Kind,
      merchant_id: row.merchantId,
      segredos_definidos: ['client_id', 'client_secret'],
    };
  }

  /** PUT /staff/dispatch/outside-provider: checked, then the password, then saved with its history entry. */
  async change(staff: StaffPrincipal, body: OutsideProviderRequest): Promise<OutsideProviderReply> {
    const { db, now, secretsKey } = this.deps;
    if (body.provedor === 'standin' && this.deps.baseUrl.standin() === null) {
      throw invalidSettings('provedor', 'O serviço de entregas de teste não está disponível neste servidor.');
    }
    const before = await this.row(staff.storeId);
    const kept = before && before.provider === body.provedor && secretsKey ? this.open(before) : null;
    const clientId = body.client_id || kept?.client_id;
    const clientSecret = body.client_secret || kept?.client_secret;
    if (!clientId) throw invalidSettings('client_id', 'Informe o client id do serviço de entregas.');
    if (!clientSecret)
      throw invalidSettings('client_secret', 'Informe o client secret do serviço de entregas.');
    if (!secretsKey) {
      throw new AppError(
        'conflict',
        'PAYMENT_SECRETS_UNAVAILABLE',
        'O servidor não tem a chave para guardar os segredos do serviço de entregas. Nada foi alterado.',
      );
    }
    await this.deps.ownerPassword.confirmOwnerPassword(staff, body.owner_password);
    const at = now();
    const sealed = sealSecrets(secretsKey, staff.storeId, {
      client_id: clientId,
      client_secret: clientSecret,
    });
    await db.transaction(async (tx) => {
      const [store] = await tx
        .select({ menuVersion: stores.menuVersion })
        .from(stores)
        .where(eq(stores.id, staff.storeId))
        .for('update');
      if (!store) throw notFound('STORE_NOT_FOUND', 'Loja não encontrada.');
      const values = {
        provider: body.provedor,
        merchantId: body.merchant_id,
        secrets: sealed,
        updatedAt: at,
      };
      await tx
        .insert(storeCourierProviders)
        .values({ storeId: staff.storeId, ...values })
        .onConflictDoUpdate({ target: storeCourierProviders.storeId, set: values });
      const view = (row: { provider: string; merchantId: string } | null) =>
        row
          ? {
              provedor: row.provider,
              merchant_id: row.merchantId,
              segredos_definidos: ['client_id', 'client_secret'],
            }
          : null;
      await tx.insert(storeAuditLog).values({
        storeId: staff.storeId,
        staffId: staff.staffId,
        at,
        section: 'courier_provider',
        menuVersion: store.menuVersion,
        before: view(before) ?? {},
        after: {
          ...view({ provider: body.provedor, merchantId: body.merchant_id }),
          segredos_trocados: [
            body.client_id ? 'client_id' : null,
            body.client_secret ? 'client_secret' : null,
          ].filter(Boolean),
        },
      });
    });
    this.cache.delete(staff.storeId);
    return this.current(staff);
  }

  private open(row: { secrets: string; storeId: number }): { client_id?: string; client_secret?: string } {
    try {
      return openSecrets(this.deps.secretsKey!, row.storeId, row.secrets);
    } catch (error) {
      if (error instanceof SecretsKeyError) return {};
      throw error;
    }
  }

  /** The store's own company and account there, or null when it has none (or its secrets do not open). */
  async companyOf(storeId: number): Promise<StoreCompany | null> {
    const row = await this.row(storeId);
    if (!row || !this.deps.secretsKey) return null;
    const stamp = row.updatedAt.getTime();
    const cached = this.cache.get(storeId);
    if (cached && cached.stamp === stamp) return cached.company;
    const { client_id: clientId, client_secret: clientSecret } = this.open(row);
    if (!clientId || !clientSecret) return null;
    const standinUrl = this.deps.baseUrl.standin;
    const baseUrl = row.provider === 'standin' ? () => standinUrl() ?? '' : this.deps.baseUrl.ifood;
    const token = new IfoodTokenSource({ baseUrl, clientId, clientSecret, now: this.deps.now });
    const provider = new IfoodShippingProvider({ baseUrl, accessToken: () => token.get(), clientSecret });
    const company = { provider, merchantId: row.merchantId };
    this.cache.set(storeId, { stamp, company });
    return company;
  }
}
