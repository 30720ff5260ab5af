import { randomBytes } from 'node:crypto';
import type { PhoneCountry } from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import { checkDisplayName, checkPassword } from '../../lib/account-fields.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashPassword, type ScryptCost } from '../../lib/password.ts';
import { createStaffAccountRow, findAccountByPhone } from '../customers/service.ts';
import { parseSignUpPhone } from './phone.ts';

export interface StaffInput {
  storeId: number;
  country: PhoneCountry;
  phone: string;
  name: string;
  password: string;
}

/**
 * A staff account (is_superuser) of a store. It signs in with the same call as customers; the
 * storefront refuses it, staff tools accept it.
 */
export async function createStaffAccount(
  db: DbExecutor,
  input: StaffInput,
  options: { cost: ScryptCost; now: Date },
): Promise<{ id: number; phone: string; nome: string }> {
  const phone = parseSignUpPhone(input.country, input.phone);
  if (!phone) throw invalid('INVALID_PHONE', `Informe um celular válido (${input.country}).`, 'phone');
  const nome = checkDisplayName(input.name);
  const password = checkPassword(input.password);
  const existing = await findAccountByPhone(db, input.storeId, phone.loginDigits);
  if (existing) throw phoneHasAccount(existing.id);
  const at = options.now;
  const row = await createStaffAccountRow(db, {
    storeId: input.storeId,
    phone: phone.loginDigits,
    phoneCountry: phone.country,
    nome,
    passwordHash: await hashPassword(password, options.cost),
    privacyToken: randomBytes(18).toString('base64url'),
    passwordChangedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  if (!row) throw phoneHasAccount();
  return { id: row.id, phone: row.phone, nome: row.nome };
}

const phoneHasAccount = (id?: number) =>
  new AppError(
    'conflict',
    'PHONE_TAKEN',
    `Este telefone já tem uma conta nesta loja${id ? ` (user_id ${id})` : ''}.`,
    { field: 'phone' },
  );
