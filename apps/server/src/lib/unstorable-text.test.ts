import { errorReply } from '@comanda/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  nextAddress,
  PIZZARIA,
  type SignedUp,
  signInStaff,
  signUp,
} from '../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../test/orders.ts';
import type { TestApp } from '../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../test/tracking.ts';

/*
 * Issue 18, finding 2: text PostgreSQL cannot store (U+0000, lone surrogates) is refused at
 * validation by the contract's one free-text type, a value the database still refuses is a 400,
 * and the log never shows a failed query's parameters.
 */

const UNSTORABLE = { nul: 'Sem\u0000cebola', 'lone surrogate': 'Sem \ud800 cebola' };
const SECRET = 'Rua Segredo da Maria, 42';

describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  let maria: SignedUp;
  let staffToken: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildAccountsTestApp({
      demoStores: ['pizzaria.json'],
      env: { LOG_LEVEL: 'warn' },
      logDestination: { write: (line) => logLines.push(line) },
      beforeReady: (app) => {
        // A value no schema checks reaching the database (the backstop of the error handler).
        app.post('/core/database-refusal-test', async (request) => {
          const { value, as } = request.body as { value: string; as: 'int' | 'text' | 'jsonb' };
          if (as === 'int') await t.database.db.execute(sql`select ${value}::int`);
          else if (as === 'jsonb')
            await t.database.db.execute(sql`select ${JSON.stringify({ value })}::jsonb`);
          else await t.database.db.execute(sql`select ${value}::text`);
          return { ok: true };
        });
      },
    });
    maria = await signUp(t.app);
    staffToken = (await signInStaff(t)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectRefused(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    expect(errorReply.parse(response.json())).toMatchObject({ code: 'INVALID_INPUT', field });
  }

  for (const [kind, text] of Object.entries(UNSTORABLE)) {
    describe(`with a ${kind}`, () => {
      it('the order submission refuses it in observacoes, forma_entrada, fone_para_mensagens and a line note', async () => {
        const line = await cartLine(t, {
          ref: 'burger-classico',
          choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
        });
        const cases: [Record<string, unknown>, string][] = [
          [submission(maria.userId, [line], { observacoes: text }), 'observacoes'],
          [submission(maria.userId, [line], { forma_entrada: text }), 'forma_entrada'],
          [submission(maria.userId, [line], { fone_para_mensagens: text }), 'fone_para_mensagens'],
          [submission(maria.userId, [{ ...line, observacao: text }]), 'produtos_pedidos.0.observacao'],
        ];
        for (const [payload, field] of cases)
          await expectRefused(await placeOrder(t, maria.token, payload), field);
      });

      it('the coupon check refuses it in the code', async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/core/coupon_validate_app?format=json',
          headers: { host: PIZZARIA, ...bearer(maria.token) },
          payload: { coupon: text, customer_id: maria.userId },
        });
        await expectRefused(response, 'coupon');
      });

      it('the customer call refuses it in the e-mail and the name', async () => {
        for (const [field, value] of [
          ['email', `maria${text}@example.com`],
          ['nome', `Maria ${text}`],
        ]) {
          const response = await t.app.inject({
            method: 'PATCH',
            url: `/core/cliente_app/${maria.userId}`,
            headers: { host: PIZZARIA, ...bearer(maria.token) },
            payload: { [field as string]: value },
          });
          await expectRefused(response, field as string);
        }
      });

      it('sign-up refuses it in the name', async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/core/registration_app/',
          headers: { host: PIZZARIA },
          remoteAddress: nextAddress(),
          payload: {
            name: `Maria ${text} Souza`,
            password: 'segredo-forte-1',
            terms: true,
            cellphone: '11988887777',
            ddi: '55',
          },
        });
        await expectRefused(response, 'name');
      });

      it("the staff's cancel refuses it in the reason", async () => {
        const orderId = await placePickupOrder(t, maria);
        await expectRefused(
          await changeStatus(t, staffToken, orderId, { status: 'Cancelado', reason: text }),
          'reason',
        );
      });
    });
  }

  it('a pair of surrogates (an emoji) is text and goes through', async () => {
    const line = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const response = await placeOrder(
      t,
      maria.token,
      submission(maria.userId, [line], { observacoes: 'Sem cebola 🍔' }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('a value the database refuses is a 400 INVALID_DATA, and the log has neither the value nor the message', async () => {
    logLines.length = 0;
    for (const [value, as] of [
      [SECRET, 'int'],
      [`${SECRET}\u0000`, 'text'],
      [`${SECRET}\ud800`, 'jsonb'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/database-refusal-test',
        headers: { host: PIZZARIA },
        payload: { value, as },
      });
      expect(response.statusCode, `${as}: ${response.body}`).toBe(400);
      expect(errorReply.parse(response.json()).code).toBe('INVALID_DATA');
    }
    const log = logLines.join('');
    expect(log).toContain('"sqlState":"22');
    expect(log).not.toContain('Segredo');
    expect(log).not.toContain('invalid input syntax');
  });
});
