import {
  errorReply,
  staffTab,
  staffTable,
  staffTablesReply,
  tableList,
  tableQrSheetReply,
  tableSettings,
} from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema.ts';
import {
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, storeIdOf, tableOf } from '../../test/orders.ts';
import { callFromTable, roundAtTable, staffCall } from '../../test/tables.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * The staff's tables (issue 19): the list with QR addresses, tabs and calls; adding, renaming,
 * deactivating a table and rotating its token; the waiter's code and the service fee; the QR sheet.
 * Who may do what (docs/decisions/0026): attendants run the tables, managers and owners change them.
 */

let t: TestApp;
let owner: StaffSignedIn;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  owner = await signInStaff(t);
  manager = await signInStaff(t, { role: 'manager' });
  attendant = await signInStaff(t, { role: 'attendant' });
});
afterAll(async () => {
  await t.close();
});

async function refused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

const menuVersion = async () => {
  const [row] = await t.database.db
    .select({ version: stores.menuVersion })
    .from(stores)
    .where(eq(stores.id, await storeIdOf(t, PIZZARIA)));
  return row!.version;
};

async function publicTables() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/bar/v2/tables/list/',
    headers: { host: PIZZARIA },
  });
  return tableList.parse(response.json()).tables;
}

describe('the store’s tables (GET /staff/tables)', () => {
  it('lists every table by id with its QR addresses at the store’s public address, and the settings', async () => {
    const response = await staffCall(t, attendant.token, 'GET', '/staff/tables');
    expect(response.statusCode, response.body).toBe(200);
    const reply = staffTablesReply.parse(response.json());
    expect(reply.settings).toEqual({
      requires_code: false,
      service_fee_percent: 10,
      require_in_app_payment: false,
    });
    expect(reply.tables.map((table) => table.description).slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Mesa ${i + 1}`),
    );
    const ids = reply.tables.map((table) => table.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const mesa1 = await tableOf(t, 'mesa-1');
    expect(reply.tables[0]).toEqual({
      id: mesa1.id,
      ref: 'mesa-1',
      description: 'Mesa 1',
      ativo: true,
      links: {
        local: `http://pizzaria.localhost:3000/local/${mesa1.id}?token=${mesa1.token}`,
        self_checkout: `http://pizzaria.localhost:3000/self-checkout/${mesa1.id}?token=${mesa1.token}`,
      },
      tab: null,
    });
  });

  it('shows a table’s tab with its rounds and total so far', async () => {
    const table = await tableOf(t, 'mesa-2');
    await roundAtTable(t, await signUp(t.app), table, {
      lines: [await cartLine(t, { ref: 'cerveja-long-neck', channel: 'local' })],
    });
    const reply = staffTablesReply.parse(
      (await staffCall(t, attendant.token, 'GET', '/staff/tables')).json(),
    );
    expect(reply.tables.find((row) => row.id === table.id)?.tab).toEqual({
      id: expect.any(Number),
      status: 'open',
      aberta_em: expect.any(String),
      codigo: null,
      rodadas: 1,
      totais: {
        consumido: 1190,
        pago_online: 0,
        a_pagar: 1190,
        taxa_servico_perc: 10,
        taxa_servico: 119,
        total: 1309,
      },
      conta_pedida_em: null,
    });
  });

  it('sakura seats its guests at six counter seats, paid in the app', async () => {
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    const reply = staffTablesReply.parse(
      (await staffCall(t, sakuraStaff.token, 'GET', '/staff/tables', undefined, SAKURA)).json(),
    );
    expect(reply.settings).toEqual({
      requires_code: false,
      service_fee_percent: 0,
      require_in_app_payment: true,
    });
    expect(reply.tables.map((table) => table.description)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Balcão ${n}`),
    );
    expect(reply.tables[0]!.links.local).toMatch(
      /^http:\/\/sakura\.localhost:3000\/local\/\d+\?token=[0-9a-f]{32}$/,
    );
  });
});

describe('adding, renaming and deactivating tables', () => {
  it('adds a table with a ref from its name; the storefront’s tables list shows it at once', async () => {
    const before = await menuVersion();
    const response = await staffCall(t, manager.token, 'POST', '/staff/tables', {
      description: '  Varanda Ã 1 ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const table = staffTable.parse(response.json());
    expect(table).toMatchObject({ ref: 'varanda-a-1', description: 'Varanda Ã 1', ativo: true, tab: null });
    expect(table.links.local).toMatch(new RegExp(`/local/${table.id}\\?token=[0-9a-f]{32}$`));
    expect(await menuVersion()).toBe(before + 1);
    expect(await publicTables()).toContainEqual({ id: table.id, description: 'Varanda Ã 1' });
  });

  it('a name another table has (whatever the case) is 409 TABLE_DESCRIPTION_TAKEN; a taken ref gets a suffix', async () => {
    const taken = await refused(
      await staffCall(t, manager.token, 'POST', '/staff/tables', { description: ' mesa 1 ' }),
      409,
      'TABLE_DESCRIPTION_TAKEN',
    );
    expect(taken.field).toBe('description');
    const same = await staffCall(t, manager.token, 'POST', '/staff/tables', { description: 'Mesa 1!' });
    expect(same.statusCode, same.body).toBe(201);
    expect(staffTable.parse(same.json()).ref).toBe('mesa-1-2');
    const again = await staffCall(t, manager.token, 'POST', '/staff/tables', { description: 'Mesa-1' });
    expect(staffTable.parse(again.json()).ref).toBe('mesa-1-3');
  });

  it('refuses a blank or long name, or anything else in the body (400 INVALID_INPUT)', async () => {
    for (const body of [
      { description: '   ' },
      { description: 'x'.repeat(121) },
      {},
      { description: 'A', ref: 'a' },
    ]) {
      await refused(await staffCall(t, manager.token, 'POST', '/staff/tables', body), 400, 'INVALID_INPUT');
    }
    await refused(
      await staffCall(t, manager.token, 'PATCH', `/staff/tables/${(await tableOf(t, 'mesa-3')).id}`, {}),
      400,
      'INVALID_INPUT',
    );
  });

  it('renames a table, not to another’s name', async () => {
    const created = staffTable.parse(
      (await staffCall(t, owner.token, 'POST', '/staff/tables', { description: 'Jardim' })).json(),
    );
    const renamed = await staffCall(t, owner.token, 'PATCH', `/staff/tables/${created.id}`, {
      description: 'Jardim 1',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(staffTable.parse(renamed.json())).toMatchObject({
      id: created.id,
      ref: 'jardim',
      description: 'Jardim 1',
    });
    expect(await publicTables()).toContainEqual({ id: created.id, description: 'Jardim 1' });
    await refused(
      await staffCall(t, owner.token, 'PATCH', `/staff/tables/${created.id}`, { description: 'MESA 4' }),
      409,
      'TABLE_DESCRIPTION_TAKEN',
    );
    // Its own name again is no conflict.
    const same = await staffCall(t, owner.token, 'PATCH', `/staff/tables/${created.id}`, {
      description: 'jardim 1',
    });
    expect(same.statusCode).toBe(200);
  });

  it('deactivates a table only once its tab is closed; deactivated, it leaves the storefront’s list', async () => {
    const table = await tableOf(t, 'mesa-3');
    await roundAtTable(t, await signUp(t.app), table, {
      lines: [await cartLine(t, { ref: 'agua', channel: 'local' })],
    });
    const body = await refused(
      await staffCall(t, manager.token, 'PATCH', `/staff/tables/${table.id}`, { ativo: false }),
      409,
      'TABLE_HAS_OPEN_TAB',
    );
    expect(body.detail).toBe('Feche a conta desta mesa antes de desativá-la.');
    const reply = staffTablesReply.parse((await staffCall(t, manager.token, 'GET', '/staff/tables')).json());
    const tabId = reply.tables.find((row) => row.id === table.id)!.tab!.id;
    const closed = staffTab.parse(
      (
        await staffCall(t, attendant.token, 'POST', `/staff/tabs/${tabId}/close`, {
          service_fee: false,
          split: { mode: 'even', people: 1 },
        })
      ).json(),
    );
    await staffCall(t, attendant.token, 'POST', `/staff/tabs/${tabId}/shares/${closed.partes[0]!.id}/paid`, {
      forma_pagamento: 'Dinheiro',
    });
    const off = await staffCall(t, manager.token, 'PATCH', `/staff/tables/${table.id}`, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(staffTable.parse(off.json()).ativo).toBe(false);
    expect((await publicTables()).map((row) => row.id)).not.toContain(table.id);
    const list = staffTablesReply.parse((await staffCall(t, manager.token, 'GET', '/staff/tables')).json());
    expect(list.tables.find((row) => row.id === table.id)?.ativo).toBe(false);
    await refused(
      await staffCall(t, attendant.token, 'POST', `/staff/tables/${table.id}/open`),
      404,
      'TABLE_NOT_FOUND',
    );
    const on = await staffCall(t, manager.token, 'PATCH', `/staff/tables/${table.id}`, { ativo: true });
    expect(staffTable.parse(on.json()).ativo).toBe(true);
    expect((await publicTables()).map((row) => row.id)).toContain(table.id);
  });
});

describe('the table settings (PATCH /staff/tables/settings)', () => {
  it('changes the waiter’s code and the fee, raising the menu version', async () => {
    const before = await menuVersion();
    const response = await staffCall(t, manager.token, 'PATCH', '/staff/tables/settings', {
      service_fee_percent: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(tableSettings.parse(response.json())).toEqual({
      requires_code: false,
      service_fee_percent: 12,
      require_in_app_payment: false,
    });
    expect(await menuVersion()).toBe(before + 1);
    const both = await staffCall(t, manager.token, 'PATCH', '/staff/tables/settings', {
      requires_code: true,
      service_fee_percent: 0,
    });
    expect(tableSettings.parse(both.json())).toMatchObject({ requires_code: true, service_fee_percent: 0 });
    const back = await staffCall(t, owner.token, 'PATCH', '/staff/tables/settings', {
      requires_code: false,
      service_fee_percent: 10,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses a fee beyond 0 to 30 whole percent, nothing to change, or anything else (400 with field)', async () => {
    const cases: [unknown, string | undefined][] = [
      [{ service_fee_percent: 31 }, 'service_fee_percent'],
      [{ service_fee_percent: -1 }, 'service_fee_percent'],
      [{ service_fee_percent: 10.5 }, 'service_fee_percent'],
      [{ service_fee_percent: '10' }, 'service_fee_percent'],
      [{ requires_code: 'yes' }, 'requires_code'],
      [{ require_in_app_payment: true }, undefined],
      [{}, undefined],
    ];
    for (const [body, field] of cases) {
      const refusal = await refused(
        await staffCall(t, manager.token, 'PATCH', '/staff/tables/settings', body),
        400,
        'INVALID_INPUT',
      );
      if (field) expect(refusal.field).toBe(field);
    }
    const reply = staffTablesReply.parse((await staffCall(t, manager.token, 'GET', '/staff/tables')).json());
    expect(reply.settings.service_fee_percent).toBe(10);
  });
});

describe('the QR sheet (GET /staff/tables/qr-sheet)', () => {
  it('draws one QR code per active table with the store’s name, logo and colour', async () => {
    const response = await staffCall(t, attendant.token, 'GET', '/staff/tables/qr-sheet');
    expect(response.statusCode, response.body).toBe(200);
    const sheet = tableQrSheetReply.parse(response.json());
    expect(sheet.store).toEqual({
      nome: 'Forno & Brasa',
      logo: expect.stringMatching(/logo/),
      primary_color: '#b3261e',
    });
    const list = staffTablesReply.parse((await staffCall(t, attendant.token, 'GET', '/staff/tables')).json());
    const active = list.tables.filter((table) => table.ativo);
    expect(sheet.tables.map((table) => [table.id, table.description, table.url])).toEqual(
      active.map((table) => [table.id, table.description, table.links.local]),
    );
    for (const table of sheet.tables) {
      expect(table.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(table.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
    }
  });
});

describe('who may do what', () => {
  it('attendants run the tables but do not change them; customers 403; no token 401', async () => {
    const table = await tableOf(t, 'mesa-9');
    const managerOnly: ['POST' | 'PATCH', string, unknown][] = [
      ['POST', '/staff/tables', { description: 'Mesa do atendente' }],
      ['PATCH', `/staff/tables/${table.id}`, { description: 'Outra' }],
      ['POST', `/staff/tables/${table.id}/rotate-token`, undefined],
      ['PATCH', '/staff/tables/settings', { service_fee_percent: 0 }],
    ];
    for (const [method, url, body] of managerOnly) {
      await refused(await staffCall(t, attendant.token, method, url, body), 403, 'FORBIDDEN');
    }
    // The role is checked before the input: a malformed body is still 403.
    await refused(
      await staffCall(t, attendant.token, 'PATCH', '/staff/tables/settings', { service_fee_percent: 99 }),
      403,
      'FORBIDDEN',
    );
    expect((await tableOf(t, 'mesa-9')).token).toBe(table.token);

    const customer = await signUp(t.app);
    const everything: ['GET' | 'POST' | 'PATCH', string, unknown][] = [
      ['GET', '/staff/tables', undefined],
      ['GET', '/staff/tables/qr-sheet', undefined],
      ['GET', '/staff/tabs', undefined],
      ['GET', '/staff/tabs/1', undefined],
      ['POST', `/staff/tables/${table.id}/open`, undefined],
      ['POST', '/staff/tabs/1/close', { service_fee: false, split: { mode: 'even', people: 1 } }],
      ['POST', '/staff/tabs/1/shares/1/paid', { forma_pagamento: 'PIX' }],
      ['POST', '/staff/tables/calls/1/ack', undefined],
      ...managerOnly,
    ];
    for (const [method, url, body] of everything) {
      await refused(await staffCall(t, customer.token, method, url, body), 403, 'FORBIDDEN');
      await refused(await staffCall(t, null, method, url, body), 401, 'NOT_AUTHENTICATED');
    }

    const opened = await staffCall(t, attendant.token, 'POST', `/staff/tables/${table.id}/open`);
    expect(opened.statusCode, opened.body).toBe(201);
    const call = await callFromTable(t, table, 'waiter');
    expect(
      (await staffCall(t, attendant.token, 'POST', `/staff/tables/calls/${call.json().id}/ack`)).statusCode,
    ).toBe(200);
  });

  it('another store’s tables do not exist here (404), and its staff’s token is worthless here (401)', async () => {
    const sakuraTable = await tableOf(t, 'balcao-1', SAKURA);
    for (const [method, url, body] of [
      ['PATCH', `/staff/tables/${sakuraTable.id}`, { description: 'Minha' }],
      ['POST', `/staff/tables/${sakuraTable.id}/rotate-token`, undefined],
      ['POST', `/staff/tables/${sakuraTable.id}/open`, undefined],
    ] as const) {
      await refused(await staffCall(t, owner.token, method, url, body), 404, 'TABLE_NOT_FOUND');
    }
    expect((await tableOf(t, 'balcao-1', SAKURA)).token).toBe(sakuraTable.token);
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    await refused(await staffCall(t, sakuraStaff.token, 'GET', '/staff/tables'), 401, 'NOT_AUTHENTICATED');
    const list = staffTablesReply.parse((await staffCall(t, owner.token, 'GET', '/staff/tables')).json());
    expect(list.tables.map((table) => table.id)).not.toContain(sakuraTable.id);
  });
});

describe('the OpenAPI page', () => {
  it('documents the guests’ and the staff’s table calls', async () => {
    const docs = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    expect(docs.paths['/bar/v2/tables/{table}/tab/']?.get?.tags).toEqual(['tables']);
    expect(Object.keys(docs.paths['/bar/v2/tables/{table}/calls/']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '404', '409', '429']),
    );
    for (const path of [
      '/staff/tables',
      '/staff/tables/settings',
      '/staff/tables/qr-sheet',
      '/staff/tables/{table}',
      '/staff/tables/{table}/rotate-token',
      '/staff/tables/{table}/open',
      '/staff/tables/calls/{id}/ack',
      '/staff/tabs',
      '/staff/tabs/{id}',
      '/staff/tabs/{id}/close',
      '/staff/tabs/{id}/shares/{share}/paid',
    ]) {
      const operations = Object.values(docs.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags).toEqual(['staff']);
    }
  });
});
