import {
  companyList,
  type EditorSection,
  editorDocumentReply,
  errorReply,
  orderPlacedReply,
  todayReport,
} from '@comanda/contract';
import { storeClockText, storeLocalTime } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, storeIdOf, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { ExportedDocument } from '../store-import/index.ts';

/*
 * A store in Manaus (UTC-4, docs/decisions/0043): its owner sets the zone beside the hours, and the
 * store then opens, lists its schedule and closes its report day on Manaus's clock, an hour behind
 * São Paulo's. Every instant below is written in UTC so that the two clocks can be told apart.
 */

const MANAUS = 'America/Manaus';
// Monday 2026-05-04, 21:30 UTC: 17:30 in Manaus (closed), 18:30 in São Paulo.
const MONDAY_1730_MANAUS = new Date('2026-05-04T21:30:00Z');
// 22:30 UTC: 18:30 in Manaus, open.
const MONDAY_1830_MANAUS = new Date('2026-05-04T22:30:00Z');
// 03:30 UTC on Tuesday: still Monday 23:30 in Manaus, already Tuesday 00:30 in São Paulo.
const MONDAY_2330_MANAUS = new Date('2026-05-05T03:30:00Z');
// 04:30 UTC: Tuesday 00:30 in Manaus, inside Monday's shift that crosses midnight.
const TUESDAY_0030_MANAUS = new Date('2026-05-05T04:30:00Z');
const TUESDAY_NOON_MANAUS = new Date('2026-05-05T16:00:00Z');

let t: TestApp;
let owner: StaffSignedIn;
let customer: SignedUp;

function call(method: 'GET' | 'PUT', url: string, options: { payload?: unknown; ifMatch?: number } = {}) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: PIZZARIA,
      ...bearer(owner.token),
      ...(options.ifMatch === undefined ? {} : { 'if-match': String(options.ifMatch) }),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** Saves one editor section from the current document, as the staff app does. */
async function save(section: EditorSection, change: (doc: ExportedDocument) => void) {
  const read = editorDocumentReply.parse((await call('GET', '/staff/editor/document')).json());
  const doc = structuredClone(read.document) as unknown as ExportedDocument;
  change(doc);
  const body: Record<string, unknown> = {};
  const settings: Record<string, unknown> = {};
  for (const path of read.sections[section]) {
    const [head, key] = path.split('.') as [keyof ExportedDocument, string?];
    if (key === undefined) body[head] = doc[head];
    else settings[key] = (doc[head] as Record<string, unknown>)[key];
  }
  if (Object.keys(settings).length > 0) body.settings = settings;
  return call('PUT', `/staff/editor/sections/${section}`, { payload: body, ifMatch: read.menu_version });
}

async function storeRow() {
  const [row] = await t.database.db
    .select({ timeZone: stores.timeZone, menuVersion: stores.menuVersion })
    .from(stores)
    .where(eq(stores.id, await storeIdOf(t, PIZZARIA)));
  return row!;
}

async function company() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/core/empresa_personal_app',
    headers: { host: PIZZARIA },
  });
  expect(response.statusCode, response.body).toBe(200);
  return companyList.parse(response.json())[0]!;
}

async function order(at: Date) {
  t.setNow(at);
  const line = await cartLine(t, {
    ref: 'burger-classico',
    qtd: 1,
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(t, customer.token, submission(customer.userId, [line]));
  expect(response.statusCode, response.body).toBe(201);
  return orderPlacedReply.parse(response.json()).order_info;
}

beforeAll(async () => {
  t = await buildAccountsTestApp({ now: MONDAY_1730_MANAUS, env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  owner = await signInStaff(t, { name: 'Ana Lima', role: 'owner' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
  expect((await storeRow()).timeZone).toBe('America/Sao_Paulo');
  // Monday only, 18:00 until 02:00 on Tuesday (a shift crossing midnight).
  const hours = await save('hours', (doc) => {
    doc.settings.time_zone = MANAUS;
    doc.hours = [{ dia_semana: 1, turno: 1, hr_inicio: '18:00', hr_fim: '02:00' }];
  });
  expect(hours.statusCode, hours.body).toBe(200);
  const scheduling = await save('scheduling', (doc) => {
    doc.settings.agendamento_ativo = true;
    doc.settings.permite_agendamento = true;
    doc.settings.schedule_step_minutes = 60;
  });
  expect(scheduling.statusCode, scheduling.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the store’s time zone as store data', () => {
  it('is saved with the hours, travels in the store config and in the document', async () => {
    expect((await storeRow()).timeZone).toBe(MANAUS);
    expect((await company()).time_zone).toBe(MANAUS);
    const read = editorDocumentReply.parse((await call('GET', '/staff/editor/document')).json());
    expect((read.document as unknown as ExportedDocument).settings.time_zone).toBe(MANAUS);
    expect(read.sections.hours).toContain('settings.time_zone');
  });

  it('refuses a zone outside Brazil with a stable code, and changes nothing', async () => {
    const before = await storeRow();
    for (const zone of ['Europe/Lisbon', 'UTC-4', '']) {
      const response = await save('hours', (doc) => {
        (doc.settings as { time_zone: string }).time_zone = zone;
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = errorReply.parse(response.json());
      expect(body.code).toBe('INVALID_TIME_ZONE');
      expect(body.field).toBe('settings.time_zone');
    }
    expect(await storeRow()).toEqual(before);
  });
});

describe('a store in Manaus', () => {
  it('opens at 18:00 on Manaus’s clock, not São Paulo’s', async () => {
    t.setNow(MONDAY_1730_MANAUS);
    const closed = await company();
    expect(closed.loja_aberta).toBe(false);
    expect(closed.reabre_em).toBe('2026-05-04T22:00:00.000Z');
    t.setNow(MONDAY_1830_MANAUS);
    expect((await company()).loja_aberta).toBe(true);
    // Past midnight in Manaus the Monday shift still runs; at 02:00 it ends.
    t.setNow(TUESDAY_0030_MANAUS);
    expect((await company()).loja_aberta).toBe(true);
    t.setNow(new Date('2026-05-05T06:00:00Z'));
    expect((await company()).loja_aberta).toBe(false);
  });

  it('lists its schedule periods at Manaus hours', async () => {
    t.setNow(MONDAY_1730_MANAUS);
    const { schedule_periods: periods, delivery_time: lead } = await company();
    expect(periods.length).toBeGreaterThan(0);
    const earliest = MONDAY_1730_MANAUS.getTime() + lead * 60_000;
    const expected: string[] = [];
    for (let hour = 22; hour < 30; hour++) {
      const at = Date.UTC(2026, 4, 4, hour);
      if (at >= earliest) expected.push(new Date(at).toISOString());
    }
    expect(periods.map((p) => p.period)).toEqual(expected);
    expect(periods.map((p) => storeClockText(new Date(p.period), MANAUS))).toEqual(
      ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00'].slice(8 - expected.length),
    );
  });

  it('closes its report day at Manaus’s midnight', async () => {
    const monday = await order(MONDAY_2330_MANAUS);
    expect(monday.estimated_time).toBe(
      storeClockText(new Date(MONDAY_2330_MANAUS.getTime() + (await company()).pickup_time * 60_000), MANAUS),
    );
    const tuesday = await order(TUESDAY_0030_MANAUS);
    t.setNow(TUESDAY_NOON_MANAUS);
    const response = await call('GET', '/staff/reports/today');
    expect(response.statusCode, response.body).toBe(200);
    const report = todayReport.parse(response.json());
    expect(report.date).toBe('2026-05-05');
    // São Paulo's day would hold both orders (00:30 and 01:30 there); Manaus's holds only the later.
    expect(report.orders).toBe(1);
    expect(report.revenue).toBe(tuesday.total);

    const csv = await call('GET', '/staff/reports/orders.csv?from=2026-05-04&to=2026-05-04');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^${monday.order_id};04/05/2026 23:30;`));
    expect(storeLocalTime(MONDAY_2330_MANAUS, MANAUS).dateISO).toBe('2026-05-04');
  });
});
