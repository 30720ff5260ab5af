import type {
  Customer,
  CustomerUpdateRequest,
  PrivacyReply,
  PrivacyUpdateReply,
  PrivacyUpdateRequest,
  PromoPreference,
} from '@comanda/contract';
import { firstName, isEmailOrEmpty, isValidDocument, normalizeDocument } from '@comanda/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { checkFullName } from '../../lib/account-fields.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { type CustomerPrincipal, forbidden, requireCustomer } from '../../plugins/auth.ts';
import { pendingPoints } from '../orders/index.ts';
import { listCustomerAddresses, listCustomerCards } from './customer-extras.ts';
import type { CustomerRow, NewCustomer } from './repository.ts';
import * as repo from './repository.ts';

const promo = (sendPromo: boolean): PromoPreference => (sendPromo ? 'get_promo' : 'remove_promo');
const customerNotFound = () => notFound('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');

// ---------------------------------------------------------------------------------------------
// Accounts, for the auth module: sign-in, sign-up, staff accounts, new passwords

/** The account (customer or staff) that signs in with these login digits at this store. */
export function findAccountByPhone(
  db: DbExecutor,
  storeId: number,
  phone: string,
): Promise<CustomerRow | undefined> {
  return repo.findCustomerByPhone(db, storeId, phone);
}

/**
 * Sign-up: the customer and the promotional-messages consent given with it, in one transaction.
 * Undefined when the phone already has an account at the store.
 */
export function createCustomerAccount(
  db: Database,
  values: NewCustomer & { createdAt: Date; sendPromo: boolean },
): Promise<CustomerRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await repo.insertCustomer(tx, values);
    if (!row) return undefined;
    await repo.insertConsentChange(tx, {
      storeId: values.storeId,
      customerId: row.id,
      oldValue: null,
      newValue: values.sendPromo,
      channel: 'signup',
      at: values.createdAt,
    });
    return row;
  });
}

/** A new password hash: a rehash at sign-in, or a new password (with passwordChangedAt). */
export async function setPasswordHash(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  values: { passwordHash: string; passwordChangedAt?: Date; updatedAt: Date },
): Promise<void> {
  await repo.updateCustomer(db, storeId, customerId, values);
}

// ---------------------------------------------------------------------------------------------
// The customer's own calls

export interface CustomerServiceDeps {
  db: Database;
  now: () => Date;
}

/** The customer record (spec section 3 "User/customer") and the promotional-messages preference. */
export class CustomerService {
  constructor(private readonly deps: CustomerServiceDeps) {}

  /** GET /core/cliente_app/{id}: only the token's own customer. */
  async get(principal: CustomerPrincipal, id: number): Promise<Customer> {
    if (id !== principal.customerId) throw forbidden();
    const row = await repo.findCustomerById(this.deps.db, principal.storeId, id);
    if (!row) throw customerNotFound();
    return this.toCustomer(row);
  }

  /** PATCH /core/cliente_app/{id}: the customer's own nome, email and documento. */
  async update(principal: CustomerPrincipal, id: number, body: CustomerUpdateRequest): Promise<Customer> {
    if (id !== principal.customerId) throw forbidden();
    const changes: Partial<Pick<CustomerRow, 'nome' | 'email' | 'documento'>> = {};
    if (body.nome !== undefined) {
      changes.nome = checkFullName(body.nome, 'nome');
    }
    if (body.email !== undefined) {
      const email = (body.email ?? '').trim();
      if (!isEmailOrEmpty(email)) throw invalid('INVALID_EMAIL', 'Informe um e-mail válido.', 'email');
      changes.email = email || null;
    }
    if (body.documento !== undefined) {
      const documento = normalizeDocument(body.documento ?? '');
      if (documento && !isValidDocument(documento)) {
        throw invalid('INVALID_DOCUMENT', 'Informe um CPF ou CNPJ válido.', 'documento');
      }
      changes.documento = documento || null;
    }
    const row = await repo.updateCustomer(this.deps.db, principal.storeId, id, {
      ...changes,
      updatedAt: this.deps.now(),
    });
    if (!row) throw customerNotFound();
    return this.toCustomer(row);
  }

  /** GET /core/v2/customer/get-customer-privacy/?cid=: what the public privacy link may read. */
  async privacyByLink(storeId: number, token: string): Promise<PrivacyReply> {
    const row = await repo.findCustomerByPrivacyToken(this.deps.db, storeId, token);
    if (!row) throw customerNotFound();
    return { success: true, nome: firstName(row.nome), send_promo: promo(row.sendPromo) };
  }

  /**
   * POST /core/v2/customer/update-customer-privacy: by the link's token (is_encoded), or by the
   * customer id with that customer's own bearer token.
   */
  async updatePrivacy(
    request: FastifyRequest,
    storeId: number,
    body: PrivacyUpdateRequest,
  ): Promise<PrivacyUpdateReply> {
    const { db, now } = this.deps;
    let customerId: number;
    if (body.is_encoded) {
      const row =
        typeof body.cid === 'string' && /^[A-Za-z0-9_-]+$/.test(body.cid)
          ? await repo.findCustomerByPrivacyToken(db, storeId, body.cid)
          : undefined;
      if (!row) throw customerNotFound();
      customerId = row.id;
    } else {
      const principal = await requireCustomer(request);
      const id =
        typeof body.cid === 'number' ? body.cid : /^\d{1,10}$/.test(body.cid) ? Number(body.cid) : Number.NaN;
      if (id !== principal.customerId) throw forbidden();
      customerId = id;
    }
    const changed = await repo.setSendPromo(
      db,
      storeId,
      customerId,
      body.send_promo,
      body.is_encoded ? 'link' : 'profile',
      now(),
    );
    if (!changed) throw customerNotFound();
    return { success: true, send_promo: promo(body.send_promo) };
  }

  private async toCustomer(row: CustomerRow): Promise<Customer> {
    const [enderecos, cards, pending] = await Promise.all([
      listCustomerAddresses(this.deps.db, row.storeId, row.id),
      listCustomerCards(this.deps.db, row.storeId, row.id),
      pendingPoints(this.deps.db, row.storeId, row.id),
    ]);
    return {
      id: row.id,
      username: row.phone,
      user_id: row.id,
      nome: row.nome,
      email: row.email,
      documento: row.documento,
      telefones: [`celular:${row.phone}`],
      pontos_fidelidade: row.pontosFidelidade,
      pontos_pendentes: pending,
      send_promo: promo(row.sendPromo),
      enderecos,
      cards,
    };
  }
}
