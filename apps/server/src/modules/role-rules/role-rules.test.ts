import {
  cancelRequest,
  cancelRequestsReply,
  editorAuditReply,
  editorDocumentReply,
  errorReply,
  roleRulesReply,
  staffAccount,
  staffNoticesReply,
} from '@comanda/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRequests, orders, stores, tabSharePayments, tabShares } from '../../db/schema.ts';
import {
  bearer,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, storeIdOf, submission, tableOf } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  type PaymentsTestApp,
  paymentState,
} from '../../test/payments.ts';
import { roundAtTable } from '../../test/tables.ts';
import { placePickupOrder } from '../../test/tracking.ts';

/*
 * Role rules for money (issue 33, docs/decisions/0059): a store's own roles within the table's
 * ranges, the owner's password before a PIX key change and the owners' notice of it, and the
 * approval an attendant needs to cancel an order paid online.
 */

let p: PaymentsTestApp;
let owner: StaffSignedIn;
let secondOwner: StaffSignedIn;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
let customerToken: string;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  owner = await signInStaff(p.t, { name: 'Olga Dona', role: 'owner' });
  secondOwner = await signInStaff(p.t, { name: 'Otávio Sócio', role: 'owner' });
  manager = await signInStaff(p.t, { name: 'Marcos Gerente', role: 'manager' });
  attendant = await signInStaff(p.t, { name: 'Ana Balcão', role: 'attendant' });
  sakuraOwner = await signInStaff(p.t, { host: SAKURA, name: 'Kenji Sato', role: 'owner' });
  customerToken = (await signUp(p.t.app)).token;
});
afterAll(async () => {
  await p.close();
});

function call(
  method: string,
  url: string,
  token: string | null,
  payload?: unknown,
  host = PIZZARIA,
  headers = {},
) {
  return p.t.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...(token ? bearer(token) : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const codeOf = (response: { json(): unknown }) => errorReply.parse(response.json()).code;

async function storedOverrides() {
  const [row] = await p.t.database.db
    .select({ overrides: stores.capabilityOverrides })
    .from(stores)
    .where(eq(stores.slug, 'pizzaria'));
  return row!.overrides;
}

describe('the store’s own roles', () => {
  it('lists the movable capabilities with their ranges, for owners only', async () => {
    const reply = roleRulesReply.parse((await call('GET', '/staff/roles', owner.token)).json());
    expect(reply.rules.map((rule) => rule.capability).sort()).toEqual([
      'menu.sold_out',
      'orders.cancel',
      'orders.cancel_paid',
      'orders.edit',
      'ratings.read',
      'register.operate',
      'reports.read',
    ]);
    expect(reply.rules.find((rule) => rule.capability === 'orders.cancel_paid')).toEqual({
      capability: 'orders.cancel_paid',
      lowest: 'manager',
      from: 'manager',
      to: 'owner',
      role: 'manager',
    });
    for (const who of [manager, attendant]) {
      expect((await call('GET', '/staff/roles', who.token)).statusCode).toBe(403);
      expect((await call('PUT', '/staff/roles', who.token, { overrides: {} })).statusCode).toBe(403);
    }
    expect((await call('GET', '/staff/roles', customerToken)).statusCode).toBe(403);
    expect((await call('GET', '/staff/roles', sakuraOwner.token)).statusCode).toBe(401);
  });

  it('refuses a rule out of range, unknown or not movable with 400 and its code, nothing changed', async () => {
    const before = await storedOverrides();
    const cases: [Record<string, string>, string][] = [
      [{ 'orders.cancel_paid': 'attendant' }, 'OUT_OF_RANGE'],
      [{ 'menu.sold_out': 'owner' }, 'OUT_OF_RANGE'],
      [{ 'reports.read': 'attendant', 'team.manage': 'manager' }, 'NOT_MOVABLE'],
      [{ 'reports.delete': 'owner' }, 'UNKNOWN_CAPABILITY'],
      [{ 'reports.read': 'admin' }, 'UNKNOWN_ROLE'],
    ];
    for (const [overrides, code] of cases) {
      const response = await call('PUT', '/staff/roles', owner.token, { overrides });
      expect(response.statusCode, code).toBe(400);
      expect(errorReply.parse(response.json())).toMatchObject({ code });
    }
    expect((await call('PUT', '/staff/roles', owner.token, { overrides: 'x' })).statusCode).toBe(400);
    expect(await storedOverrides()).toEqual(before);
  });

  it('moves a rule within its range; the hook and /staff/me follow it; the history records it', async () => {
    expect((await call('GET', '/staff/reports/today', attendant.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/menu/availability', attendant.token)).statusCode).toBe(200);
    const saved = await call('PUT', '/staff/roles', owner.token, {
      overrides: { 'reports.read': 'attendant', 'menu.sold_out': 'manager' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rules = roleRulesReply.parse(saved.json()).rules;
    expect(rules.find((rule) => rule.capability === 'reports.read')!.role).toBe('attendant');
    expect((await call('GET', '/staff/reports/today', attendant.token)).statusCode).toBe(200);
    expect((await call('GET', '/staff/menu/availability', attendant.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/menu/availability', manager.token)).statusCode).toBe(200);
    const me = staffAccount.parse((await call('GET', '/staff/me', attendant.token)).json());
    expect(me.capability_overrides).toEqual({ 'reports.read': 'attendant', 'menu.sold_out': 'manager' });
    // Another store keeps its own rules.
    const sakuraAttendant = await signInStaff(p.t, { host: SAKURA, role: 'attendant' });
    expect(
      (await call('GET', '/staff/reports/today', sakuraAttendant.token, undefined, SAKURA)).statusCode,
    ).toBe(403);

    const audit = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=1', owner.token)).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      section: 'roles',
      staff: { id: owner.userId, role: 'owner' },
      before: {},
      after: { 'reports.read': 'attendant', 'menu.sold_out': 'manager' },
    });

    // Back to the defaults: no override left.
    expect((await call('PUT', '/staff/roles', owner.token, { overrides: {} })).statusCode).toBe(200);
    expect(await storedOverrides()).toEqual({});
    expect((await call('GET', '/staff/reports/today', attendant.token)).statusCode).toBe(403);
  });

  it('ignores a stored rule out of range (a bad row never widens access)', async () => {
    await p.t.database.db
      .update(stores)
      .set({ capabilityOverrides: { 'reports.read': 'attendant', 'team.manage': 'attendant' } })
      .where(eq(stores.slug, 'pizzaria'));
    try {
      expect((await call('GET', '/staff/reports/today', attendant.token)).statusCode).toBe(200);
      expect((await call('GET', '/staff/team', attendant.token)).statusCode).toBe(403);
    } finally {
      await p.t.database.db
        .update(stores)
        .set({ capabilityOverrides: {} })
        .where(eq(stores.slug, 'pizzaria'));
    }
  });
});

describe('changing the PIX key', () => {
  async function paymentsBody(token: string, change?: (methods: Record<string, unknown>[]) => void) {
    const read = editorDocumentReply.parse((await call('GET', '/staff/editor/document', token)).json());
    const doc = structuredClone(read.document) as unknown as Record<string, unknown>;
    const methods = doc.payment_methods as Record<string, unknown>[];
    change?.(methods);
    const settings = doc.settings as Record<string, unknown>;
    const body: Record<string, unknown> = { payment_methods: methods, settings: {} };
    for (const path of read.sections.payments) {
      if (path.startsWith('settings.')) {
        const key = path.slice('settings.'.length);
        (body.settings as Record<string, unknown>)[key] = settings[key];
      }
    }
    return { body, version: read.menu_version, methods };
  }
  const newKey = (key: string) => (methods: Record<string, unknown>[]) => {
    methods.find((method) => method.tipo === 'pix')!.chave_pix = key;
    methods.find((method) => method.tipo === 'pix')!.tipo_chave_pix = 'telefone';
  };
  const save = (token: string, body: unknown, version: number) =>
    call('PUT', '/staff/editor/sections/payments', token, body, PIZZARIA, { 'if-match': String(version) });
  const pixKey = async () => {
    const read = editorDocumentReply.parse((await call('GET', '/staff/editor/document', owner.token)).json());
    return (read.document.payment_methods as { tipo: string; chave_pix: string | null }[]).find(
      (method) => method.tipo === 'pix',
    )!.chave_pix;
  };
  const noticesOf = async (token: string, host = PIZZARIA) =>
    staffNoticesReply.parse((await call('GET', '/staff/notices', token, undefined, host)).json()).notices;

  it('is refused without the owner’s password, with a wrong one, and to a manager: nothing changes', async () => {
    const key = await pixKey();
    const noticesBefore = (await noticesOf(owner.token)).length;
    const { body, version } = await paymentsBody(owner.token, newKey('11988887777'));
    const missing = await save(owner.token, body, version);
    expect([missing.statusCode, codeOf(missing)]).toEqual([403, 'OWNER_PASSWORD_REQUIRED']);
    const wrong = await save(owner.token, { ...body, owner_password: 'nao-e-esta' }, version);
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([403, 'OWNER_PASSWORD_WRONG']);
    const byManager = await save(manager.token, { ...body, owner_password: PASSWORD }, version);
    expect([byManager.statusCode, codeOf(byManager)]).toEqual([403, 'PIX_KEY_OWNER_ONLY']);
    expect(await pixKey()).toBe(key);
    expect((await noticesOf(owner.token)).length).toBe(noticesBefore);
  });

  it('leaves the rest of the section to managers without a password', async () => {
    const { body, version } = await paymentsBody(manager.token);
    (body.settings as Record<string, unknown>).expiration_time_pix = 420;
    const response = await save(manager.token, body, version);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('with the owner’s password: saved, in the history, announced masked to every owner and to no one else', async () => {
    const { body, version } = await paymentsBody(owner.token, newKey('11977776543'));
    const response = await save(owner.token, { ...body, owner_password: PASSWORD }, version);
    expect(response.statusCode, response.body).toBe(200);
    expect(await pixKey()).toBe('11977776543');
    const audit = editorAuditReply.parse(
      (await call('GET', '/staff/editor/audit?limit=1', owner.token)).json(),
    );
    expect(audit.entries[0]).toMatchObject({ section: 'payments', staff: { id: owner.userId } });

    for (const who of [owner, secondOwner]) {
      const [notice] = await noticesOf(who.token);
      expect(notice).toMatchObject({ kind: 'pix_key', staff_nome: 'Olga Dona', after: '••••6543' });
      expect(JSON.stringify(notice)).not.toContain('11977776543');
    }
    expect((await call('GET', '/staff/notices', manager.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/notices', attendant.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/notices', customerToken)).statusCode).toBe(403);
    expect((await call('GET', '/staff/notices', sakuraOwner.token)).statusCode).toBe(401);
    expect(await noticesOf(sakuraOwner.token, SAKURA)).toEqual([]);

    // Each owner dismisses for themself.
    const [notice] = await noticesOf(owner.token);
    const dismissed = await call('POST', `/staff/notices/${notice!.id}/dismiss`, owner.token);
    expect(dismissed.statusCode).toBe(204);
    expect((await noticesOf(owner.token)).map((n) => n.id)).not.toContain(notice!.id);
    expect((await noticesOf(secondOwner.token)).map((n) => n.id)).toContain(notice!.id);
    expect((await call('POST', '/staff/notices/999999/dismiss', owner.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/staff/notices/${notice!.id}/dismiss`, sakuraOwner.token, undefined, SAKURA))
        .statusCode,
    ).toBe(404);
  });

  it('holds wrong passwords back like a sign-in (429 after the free failures)', async () => {
    const guesser = await signInStaff(p.t, { name: 'Otília Dona', role: 'owner' });
    const { body, version } = await paymentsBody(guesser.token, newKey('11966665555'));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await save(guesser.token, { ...body, owner_password: `errada-${i}` }, version)).statusCode,
      );
    }
    expect(statuses.slice(0, 4)).toEqual([403, 403, 403, 403]);
    expect(statuses).toContain(429);
    // Even the right password waits now.
    expect((await save(guesser.token, { ...body, owner_password: PASSWORD }, version)).statusCode).toBe(429);
    expect(await pixKey()).not.toBe('11966665555');
  });
});

describe('cancelling an order paid online', () => {
  async function paidOrder(): Promise<{ orderId: number; intentId: string }> {
    const account = await signUp(p.t.app);
    const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2 })];
    const intent = await createdIntent(p.t, account.token, submission(account.userId, lines), PIZZARIA);
    await p.standin.context.notifier.settled();
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    return { orderId: intent.order_id, intentId: intent.intent_id };
  }
  const cancel = (token: string, orderId: number) =>
    call('POST', `/staff/orders/${orderId}/status`, token, {
      status: 'Cancelado',
      reason: 'Cliente desistiu',
    });
  const statusOf = async (orderId: number) => {
    const [row] = await p.t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!.status;
  };

  it('is refused to an attendant with 403 CANCEL_NEEDS_APPROVAL, nothing changed; an unpaid one is not', async () => {
    const { orderId, intentId } = await paidOrder();
    const refused = await cancel(attendant.token, orderId);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'CANCEL_NEEDS_APPROVAL']);
    expect(await statusOf(orderId)).toBe('Solicitado');
    expect((await paymentState(p.t, intentId)).row.status).toBe('paid');

    const customer = await signUp(p.t.app);
    const unpaid = await placePickupOrder(p.t, customer);
    expect((await cancel(attendant.token, unpaid)).statusCode).toBe(200);
  });

  it('goes through a request a manager approves: cancelled as the manager’s, refunded through the provider', async () => {
    const { orderId, intentId } = await paidOrder();
    const asked = await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, {
      reason: 'Cliente ligou desistindo',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = cancelRequest.parse(asked.json());
    expect(request).toMatchObject({
      order_id: orderId,
      status: 'pending',
      asked_by: { id: attendant.userId, nome: 'Ana Balcão' },
      order_total: 11_980,
      decided_by: null,
    });
    // The number people read (ADR 0065), for the list and its messages.
    const [placed] = await p.t.database.db
      .select({ numero: orders.numero })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(placed!.numero).not.toBeNull();
    expect(request.numero).toBe(placed!.numero);
    const again = await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, {
      reason: 'De novo',
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'CANCEL_REQUEST_PENDING']);
    const blank = await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);

    const listed = cancelRequestsReply.parse(
      (await call('GET', '/staff/cancel-requests', manager.token)).json(),
    );
    expect(listed.requests.find((r) => r.id === request.id)?.status).toBe('pending');
    expect(
      (await call('POST', `/staff/cancel-requests/${request.id}/approve`, attendant.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          `/staff/cancel-requests/${request.id}/approve`,
          sakuraOwner.token,
          undefined,
          SAKURA,
        )
      ).statusCode,
    ).toBe(404);

    const approved = await call('POST', `/staff/cancel-requests/${request.id}/approve`, manager.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(cancelRequest.parse(approved.json())).toMatchObject({
      status: 'approved',
      decided_by: { id: manager.userId, nome: 'Marcos Gerente' },
    });
    expect(await statusOf(orderId)).toBe('Cancelado');
    await p.standin.context.notifier.settled();
    expect((await paymentState(p.t, intentId)).row).toMatchObject({
      status: 'refunded',
      refundedAmount: 11_980,
    });
    const twice = await call('POST', `/staff/cancel-requests/${request.id}/approve`, manager.token);
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'CANCEL_REQUEST_DECIDED']);
  });

  it('a denied request leaves the order and its payment alone', async () => {
    const { orderId, intentId } = await paidOrder();
    const request = cancelRequest.parse(
      (
        await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, { reason: 'Engano' })
      ).json(),
    );
    const denied = await call('POST', `/staff/cancel-requests/${request.id}/deny`, owner.token);
    expect(denied.statusCode).toBe(200);
    expect(cancelRequest.parse(denied.json())).toMatchObject({
      status: 'denied',
      decided_by: { id: owner.userId },
    });
    expect(await statusOf(orderId)).toBe('Solicitado');
    expect((await paymentState(p.t, intentId)).row.status).toBe('paid');
    const late = await call('POST', `/staff/cancel-requests/${request.id}/approve`, manager.token);
    expect(codeOf(late)).toBe('CANCEL_REQUEST_DECIDED');
  });

  it('leaves out of the list a request whose order was cancelled meanwhile', async () => {
    const { orderId } = await paidOrder();
    const request = cancelRequest.parse(
      (
        await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, { reason: 'Erro' })
      ).json(),
    );
    expect((await cancel(manager.token, orderId)).statusCode).toBe(200);
    const listed = cancelRequestsReply.parse(
      (await call('GET', '/staff/cancel-requests', manager.token)).json(),
    );
    expect(listed.requests.map((r) => r.id)).not.toContain(request.id);
  });

  it('a manager needs none: the request is refused as not needed, the cancel goes through', async () => {
    const { orderId } = await paidOrder();
    const asked = await call('POST', `/staff/orders/${orderId}/cancel-requests`, manager.token, {
      reason: 'x',
    });
    expect([asked.statusCode, codeOf(asked)]).toEqual([409, 'CANCEL_NO_APPROVAL_NEEDED']);
    expect((await cancel(manager.token, orderId)).statusCode).toBe(200);
  });

  it('takes a manager’s approval code typed on the attendant’s device; a wrong one is refused', async () => {
    const setWrong = await call('PUT', '/staff/me/approval-code', manager.token, {
      code: '4821',
      password: 'errada',
    });
    expect([setWrong.statusCode, codeOf(setWrong)]).toEqual([403, 'PASSWORD_WRONG']);
    expect(
      (await call('PUT', '/staff/me/approval-code', manager.token, { code: '12', password: PASSWORD }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/staff/me/approval-code', attendant.token, { code: '4821', password: PASSWORD }))
        .statusCode,
    ).toBe(403);
    const set = await call('PUT', '/staff/me/approval-code', manager.token, {
      code: '4821',
      password: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(204);
    expect(staffAccount.parse((await call('GET', '/staff/me', manager.token)).json()).has_approval_code).toBe(
      true,
    );

    const { orderId, intentId } = await paidOrder();
    const wrong = await call('POST', `/staff/orders/${orderId}/cancel-with-code`, attendant.token, {
      reason: 'Cliente desistiu',
      approval_code: '1111',
    });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([403, 'APPROVAL_CODE_WRONG']);
    expect(await statusOf(orderId)).toBe('Solicitado');

    const right = await call('POST', `/staff/orders/${orderId}/cancel-with-code`, attendant.token, {
      reason: 'Cliente desistiu',
      approval_code: '4821',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await statusOf(orderId)).toBe('Cancelado');
    await p.standin.context.notifier.settled();
    expect((await paymentState(p.t, intentId)).row.status).toBe('refunded');
    const [recorded] = await p.t.database.db
      .select()
      .from(cancelRequests)
      .where(and(eq(cancelRequests.orderId, orderId), eq(cancelRequests.status, 'approved')));
    expect(recorded).toMatchObject({ askedBy: attendant.userId, decidedBy: manager.userId });
  });

  it('holds wrong approval codes back (429 after the free failures)', async () => {
    const guesser = await signInStaff(p.t, { name: 'Bia Caixa', role: 'attendant' });
    const { orderId } = await paidOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await call('POST', `/staff/orders/${orderId}/cancel-with-code`, guesser.token, {
        reason: 'Teste',
        approval_code: `99${i}0`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([403, 403, 403, 403]);
    expect(statuses).toContain(429);
    expect(await statusOf(orderId)).toBe('Solicitado');
  });

  it('an order whose money is in a closed register needs a manager too (docs/decisions/0060)', async () => {
    const registers = await call('GET', '/staff/registers', manager.token);
    expect(registers.statusCode, registers.body).toBe(200);
    const register = (
      registers.json() as { registers: { id: number; open_session: { id: number } | null }[] }
    ).registers[0]!;
    if (register.open_session === null) {
      const opened = await call('POST', `/staff/registers/${register.id}/open`, manager.token, {
        opening_float: 10_000,
      });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    const customer = await signUp(p.t.app);
    const inDrawer = await placePickupOrder(p.t, customer);
    const open = (await call('GET', '/staff/registers', manager.token).then((r) => r.json())) as {
      registers: { id: number; open_session: { id: number } | null }[];
    };
    const sessionId = open.registers.find((r) => r.id === register.id)!.open_session!.id;
    const closed = await call('POST', `/staff/register-sessions/${sessionId}/close`, manager.token, {
      counted: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const refused = await cancel(attendant.token, inDrawer);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'CANCEL_NEEDS_APPROVAL']);
    expect(await statusOf(inDrawer)).toBe('Solicitado');
    expect((await cancel(manager.token, inDrawer)).statusCode).toBe(200);
  });

  it('follows the store’s stricter rules: every attendant cancel approved; only owners for paid ones', async () => {
    const saved = await call('PUT', '/staff/roles', owner.token, {
      overrides: { 'orders.cancel': 'manager', 'orders.cancel_paid': 'owner' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const customer = await signUp(p.t.app);
      const unpaid = await placePickupOrder(p.t, customer);
      const refused = await cancel(attendant.token, unpaid);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'CANCEL_NEEDS_APPROVAL']);
      expect((await cancel(manager.token, unpaid)).statusCode).toBe(200);

      const { orderId } = await paidOrder();
      const byManager = await cancel(manager.token, orderId);
      expect([byManager.statusCode, codeOf(byManager)]).toEqual([403, 'CANCEL_NEEDS_APPROVAL']);
      const request = cancelRequest.parse(
        (
          await call('POST', `/staff/orders/${orderId}/cancel-requests`, manager.token, { reason: 'Erro' })
        ).json(),
      );
      expect(
        (await call('POST', `/staff/cancel-requests/${request.id}/approve`, manager.token)).statusCode,
      ).toBe(403);
      // The manager's code no longer approves either.
      const code = await call('POST', `/staff/orders/${orderId}/cancel-with-code`, attendant.token, {
        reason: 'Erro',
        approval_code: '4821',
      });
      expect(codeOf(code)).toBe('APPROVAL_CODE_WRONG');
      expect(
        (await call('POST', `/staff/cancel-requests/${request.id}/approve`, owner.token)).statusCode,
      ).toBe(200);
      expect(await statusOf(orderId)).toBe('Cancelado');
    } finally {
      await call('PUT', '/staff/roles', owner.token, { overrides: {} });
    }
  });

  it('counts a share of the table’s tab paid in the app as paid online', async () => {
    const table = await tableOf(p.t, 'mesa-7');
    const round = await roundAtTable(p.t, await signUp(p.t.app), table);
    expect(
      (await call('POST', `/staff/orders/${round}/status`, attendant.token, { status: 'Preparo' }))
        .statusCode,
    ).toBe(200);
    const [order] = await p.t.database.db
      .select({ tabId: orders.tabId })
      .from(orders)
      .where(eq(orders.id, round));
    const storeId = await storeIdOf(p.t, PIZZARIA);
    const [share] = await p.t.database.db
      .insert(tabShares)
      .values({ storeId, tabId: order!.tabId!, seq: 1, amount: 500, serviceFee: 0 })
      .returning({ id: tabShares.id });
    const now = new Date();
    await p.t.database.db.insert(tabSharePayments).values({
      storeId,
      shareId: share!.id,
      provider: 'mercadopago',
      method: 'pix',
      reference: `ROLESTEST${Date.now()}`,
      amount: 500,
      status: 'paid',
      expiresAt: now,
      paidAt: now,
      createdAt: now,
    });
    const refused = await cancel(attendant.token, round);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'CANCEL_NEEDS_APPROVAL']);
    expect(await statusOf(round)).toBe('Preparo');
  });

  it('tells the staff event stream of a request and of its decision', async () => {
    const storeId = await storeIdOf(p.t, PIZZARIA);
    const heard: unknown[] = [];
    const stop = p.t.ctx.orderEvents.subscribe(
      storeId,
      null,
      () => undefined,
      undefined,
      (event) => {
        if (event.name === 'cancel_request') heard.push(event.data);
      },
    );
    try {
      const { orderId } = await paidOrder();
      const request = cancelRequest.parse(
        (
          await call('POST', `/staff/orders/${orderId}/cancel-requests`, attendant.token, { reason: 'Erro' })
        ).json(),
      );
      await call('POST', `/staff/cancel-requests/${request.id}/deny`, manager.token);
      await expect
        .poll(() => heard)
        .toEqual([
          { id: request.id, order_id: orderId, status: 'pending' },
          { id: request.id, order_id: orderId, status: 'denied' },
        ]);
    } finally {
      stop();
    }
  });
});
