import { errorReply, staffAccount, teamMember, teamReply } from '@comanda/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staffAccounts } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  nextPhone,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signIn,
  signInRequest,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * Staff accounts and roles (issue 16, docs/decisions/0026): what each role may call, and the
 * owner's team calls. A refused call changes nothing.
 */

let t: TestApp;
let owner: StaffSignedIn;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  owner = await signInStaff(t, { name: 'Olga Dona', role: 'owner' });
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  attendant = await signInStaff(t, { name: 'Ana Balcão', role: 'attendant' });
  sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'owner' });
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
  host = PIZZARIA,
) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}

const team = async (token = owner.token) =>
  teamReply.parse((await call('GET', '/staff/team', token)).json()).members;

const addMember = (body: object, token = owner.token) => call('POST', '/staff/team', token, body);

describe('what each role may call', () => {
  // A call of each level: the board (attendant), the store controls and figures (manager), the team (owner).
  const calls = [
    ['GET', '/staff/orders', 'attendant'],
    ['GET', '/staff/menu/availability', 'attendant'],
    ['GET', '/staff/store', 'attendant'],
    ['GET', '/staff/reports/today', 'manager'],
    ['PATCH', '/staff/store/settings', 'manager', { auto_print: false }],
    ['GET', '/staff/team', 'owner'],
  ] as const;
  const rank = { attendant: 0, manager: 1, owner: 2 };

  it.each(calls)('%s %s needs at least %s', async (method, url, needed, payload?: object) => {
    for (const [role, who] of [
      ['attendant', attendant],
      ['manager', manager],
      ['owner', owner],
    ] as const) {
      const response = await call(method, url, who.token, payload);
      if (rank[role] >= rank[needed]) expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      else {
        expect(response.statusCode, role).toBe(403);
        expect(errorReply.parse(response.json()).code).toBe('FORBIDDEN');
      }
    }
  });

  it('a customer token gets 403, another store’s staff token and no token 401', async () => {
    const customer = await signUp(t.app);
    expect((await call('GET', '/staff/team', customer.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/orders', customer.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/team', sakuraOwner.token)).statusCode).toBe(401);
    expect((await call('GET', '/staff/team', null)).statusCode).toBe(401);
  });

  it('GET /staff/me names the member and its role', async () => {
    const response = await call('GET', '/staff/me', manager.token);
    expect(staffAccount.parse(response.json())).toEqual({
      user_id: manager.userId,
      username: manager.phone,
      nome: 'Marcos Gerente',
      role: 'manager',
      // The store's own roles (none moved here) and whether the member set an approval code (issue 33).
      capability_overrides: {},
      has_approval_code: false,
    });
  });
});

describe('the team (owner only)', () => {
  it('adds a member who signs in at once with the role given', async () => {
    const phone = nextPhone();
    const response = await addMember({
      phone,
      nome: 'Bia Caixa',
      role: 'attendant',
      password: 'senha-da-bia',
    });
    expect(response.statusCode, response.body).toBe(201);
    const member = teamMember.parse(response.json());
    expect(member).toMatchObject({ nome: 'Bia Caixa', telefone: phone, role: 'attendant' });
    expect((await team()).map((m) => m.id)).toContain(member.id);

    const token = await signIn(t.app, phone, 'senha-da-bia', { staff: true });
    expect((await call('GET', '/staff/orders', token)).statusCode).toBe(200);
    expect((await call('PUT', '/staff/store/mode', token, { mode: 'auto' })).statusCode).toBe(403);
  });

  it('a customer’s phone may join the team: the two accounts stay apart', async () => {
    const customer = await signUp(t.app);
    const response = await addMember({
      phone: customer.phone,
      nome: 'Cliente Fiel',
      role: 'attendant',
      password: 'outra-senha-1',
    });
    expect(response.statusCode).toBe(201);
    expect((await signInRequest(t.app, customer.phone, customer.password)).statusCode).toBe(200);
    expect((await signInRequest(t.app, customer.phone, 'outra-senha-1', { staff: true })).statusCode).toBe(
      200,
    );
  });

  it('refuses a phone already in the team (409 PHONE_TAKEN) and bad input (400), adding nothing', async () => {
    const before = await team();
    const taken = await addMember({
      phone: manager.phone,
      nome: 'Outro',
      role: 'attendant',
      password: 'senha-boa-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorReply.parse(taken.json())).toMatchObject({ code: 'PHONE_TAKEN', field: 'phone' });
    for (const [body, code, field] of [
      [{ phone: '1199', nome: 'Ana', role: 'attendant', password: 'senha-boa-1' }, 'INVALID_PHONE', 'phone'],
      [{ phone: nextPhone(), nome: 'A', role: 'attendant', password: 'senha-boa-1' }, 'INVALID_NAME', 'nome'],
      [
        { phone: nextPhone(), nome: 'Ana', role: 'attendant', password: 'curta' },
        'INVALID_PASSWORD',
        'password',
      ],
      [
        { phone: nextPhone(), nome: 'Ana', role: 'attendant', password: 'abcabcabc' },
        'WEAK_PASSWORD',
        'password',
      ],
      [
        { phone: nextPhone(), nome: 'Ana', role: 'attendant', password: 'fornoebrasa' },
        'WEAK_PASSWORD',
        'password',
      ],
      [
        { phone: nextPhone(), nome: 'Ana', role: 'chef', password: 'senha-boa-1' },
        'INVALID_INPUT',
        undefined,
      ],
      [{ phone: nextPhone(), nome: 'Ana', password: 'senha-boa-1' }, 'INVALID_INPUT', undefined],
      [
        { phone: nextPhone(), nome: 'Ana', role: 'owner', password: 'senha-boa-1', x: 1 },
        'INVALID_INPUT',
        undefined,
      ],
    ] as const) {
      const response = await addMember(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const reply = errorReply.parse(response.json());
      expect(reply.code).toBe(code);
      if (field) expect(reply.field).toBe(field);
    }
    expect(await team()).toEqual(before);
  });

  it('a new role counts from the next call; a new password ends the member’s sessions', async () => {
    const member = await signInStaff(t, { name: 'Caio Promovido', role: 'attendant' });
    expect((await call('PUT', '/staff/store/mode', member.token, { mode: 'auto' })).statusCode).toBe(403);
    const promoted = await call('PATCH', `/staff/team/${member.userId}`, owner.token, { role: 'manager' });
    expect(teamMember.parse(promoted.json()).role).toBe('manager');
    expect((await call('PUT', '/staff/store/mode', member.token, { mode: 'auto' })).statusCode).toBe(200);

    const renamed = await call('PATCH', `/staff/team/${member.userId}`, owner.token, {
      nome: 'Caio Silva',
      password: 'senha-nova-do-caio',
    });
    expect(teamMember.parse(renamed.json()).nome).toBe('Caio Silva');
    expect((await call('GET', '/staff/me', member.token)).statusCode).toBe(401);
    expect((await signInRequest(t.app, member.phone, PASSWORD, { staff: true })).statusCode).toBe(400);
    expect((await signInRequest(t.app, member.phone, 'senha-nova-do-caio', { staff: true })).statusCode).toBe(
      200,
    );
  });

  it('a weak new password (the member’s own name, a sequence) is refused and changes nothing', async () => {
    const member = await signInStaff(t, { name: 'Rita Moraes', role: 'attendant' });
    for (const password of ['ritamoraes', 'abcdefgh', member.phone]) {
      const refused = await call('PATCH', `/staff/team/${member.userId}`, owner.token, {
        password,
        role: 'manager',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorReply.parse(refused.json())).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
    }
    expect((await call('GET', '/staff/me', member.token)).statusCode).toBe(200);
    expect((await team()).find((m) => m.id === member.userId)?.role).toBe('attendant');
  });

  it('removing a member ends its sessions, keeps who did what, and frees its phone', async () => {
    const member = await signInStaff(t, { name: 'Duda Saindo', role: 'attendant' });
    const removed = await call('DELETE', `/staff/team/${member.userId}`, owner.token);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/staff/orders', member.token)).statusCode).toBe(401);
    expect((await signInRequest(t.app, member.phone, PASSWORD, { staff: true })).statusCode).toBe(400);
    expect((await team()).map((m) => m.id)).not.toContain(member.userId);
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, member.userId));
    expect(row!.removedAt).toBeInstanceOf(Date);
    expect(await t.database.db.$count(sessions, eq(sessions.staffId, member.userId))).toBe(0);
    // Twice: 404, nothing else changes.
    expect((await call('DELETE', `/staff/team/${member.userId}`, owner.token)).statusCode).toBe(404);
    // The phone can join again, as a new account.
    const again = await addMember({
      phone: member.phone,
      nome: 'Duda Volta',
      role: 'attendant',
      password: 'senha-boa-1',
    });
    expect(again.statusCode).toBe(201);
    expect(teamMember.parse(again.json()).id).not.toBe(member.userId);
  });

  it('an owner does not remove themself, and the last owner stays an owner', async () => {
    const self = await call('DELETE', `/staff/team/${owner.userId}`, owner.token);
    expect(self.statusCode).toBe(409);
    expect(errorReply.parse(self.json()).code).toBe('CANNOT_REMOVE_SELF');
    const lastOwner = await call(
      'PATCH',
      `/staff/team/${sakuraOwner.userId}`,
      sakuraOwner.token,
      {
        role: 'manager',
      },
      SAKURA,
    );
    expect(lastOwner.statusCode).toBe(409);
    expect(errorReply.parse(lastOwner.json())).toMatchObject({ code: 'LAST_OWNER', field: 'role' });
    const [row] = await t.database.db
      .select({ role: staffAccounts.role })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, sakuraOwner.userId));
    expect(row!.role).toBe('owner');
  });

  it('two owners demoting each other at once: one wins, the store keeps an owner', async () => {
    const first = await signInStaff(t, { host: SAKURA, name: 'Primeira Dona', role: 'owner' });
    const second = await signInStaff(t, { host: SAKURA, name: 'Segunda Dona', role: 'owner' });
    const replies = await Promise.all([
      call('PATCH', `/staff/team/${second.userId}`, first.token, { role: 'manager' }, SAKURA),
      call('PATCH', `/staff/team/${first.userId}`, second.token, { role: 'manager' }, SAKURA),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const roles = await t.database.db
      .select({ id: staffAccounts.id, role: staffAccounts.role })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.storeId, await storeId('sakura')), eq(staffAccounts.role, 'owner')));
    expect(roles.map((r) => r.id)).toContain(sakuraOwner.userId);
    expect(roles.filter((r) => r.id === first.userId || r.id === second.userId)).toHaveLength(1);
  });

  it('another store’s member: 404 STAFF_NOT_FOUND, unchanged', async () => {
    for (const [method, payload] of [
      ['PATCH', { role: 'attendant' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/staff/team/${sakuraOwner.userId}`, owner.token, payload);
      expect(response.statusCode).toBe(404);
      expect(errorReply.parse(response.json()).code).toBe('STAFF_NOT_FOUND');
    }
    expect((await call('GET', '/staff/me', sakuraOwner.token, undefined, SAKURA)).statusCode).toBe(200);
  });

  it('managers and attendants cannot touch the team (403), whatever they send', async () => {
    const before = await team();
    for (const who of [manager, attendant]) {
      for (const [method, url, payload] of [
        ['POST', '/staff/team', { phone: nextPhone(), nome: 'X', role: 'owner', password: 'senha-boa-1' }],
        ['POST', '/staff/team', { nonsense: true }],
        ['PATCH', `/staff/team/${who.userId}`, { role: 'owner' }],
        ['DELETE', `/staff/team/${owner.userId}`, undefined],
      ] as const) {
        const response = await call(method, url, who.token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await team()).toEqual(before);
  });
});

async function storeId(slug: string) {
  const store = await t.database.db.query.stores.findFirst({ where: (s, { eq: is }) => is(s.slug, slug) });
  return store!.id;
}
