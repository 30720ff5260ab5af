import {
  cloudPrinterCredentialsReply,
  cloudPrintersReply,
  errorReply,
  stationsReply,
} from '@comanda/contract';
import { PRINT_JOB_ATTEMPTS_MAX } from '@comanda/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEdits, printJobs } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../../test/tracking.ts';

/*
 * Cloud printers (docs/decisions/0054): a manager registers Star CloudPRNT printers per station;
 * an accepted order queues each station's ticket for its printers; the printers poll, fetch and
 * confirm as CloudPRNT documents it, with HTTP basic auth, and see nothing without it.
 */

let t: TestApp;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraManager: StaffSignedIn;
let customer: SignedUp;
let kitchen: number;
let bar: number;
type Credentials = { login: string; secret: string; id: number };
let kitchenPrinter: Credentials;
let barPrinter: Credentials;
let everyStationPrinter: Credentials;

async function call(method: string, url: string, token: string, payload?: object, host = PIZZARIA) {
  const reply = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...bearer(token) },
    ...(payload ? { payload } : {}),
  });
  return { status: reply.statusCode, body: reply.json() };
}

const basic = (login: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${login}:${secret}`).toString('base64')}`,
});

/** The printer's poll, as a Star printer sends it (its status code URL-encoded). */
async function poll(
  printer: Credentials | null,
  body: object = { statusCode: '200%20OK', printerMAC: '00:11:62:00:00:01', printingInProgress: false },
  host = PIZZARIA,
) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/integracoes/cloudprnt',
    headers: { host, ...(printer ? basic(printer.login, printer.secret) : {}) },
    payload: body,
  });
  return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
}

async function fetchJob(printer: Credentials, query: string, host = PIZZARIA) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/integracoes/cloudprnt?${query}`,
    headers: { host, ...basic(printer.login, printer.secret) },
  });
  return { status: reply.statusCode, body: reply.body, type: reply.headers['content-type'] };
}

async function confirm(printer: Credentials, query: string, host = PIZZARIA) {
  const reply = await t.app.inject({
    method: 'DELETE',
    url: `/integracoes/cloudprnt?${query}`,
    headers: { host, ...basic(printer.login, printer.secret) },
  });
  return { status: reply.statusCode, body: reply.body };
}

/** One whole CloudPRNT round: poll, fetch the ticket offered, confirm it with `code`. */
async function printNext(printer: Credentials, code = '200%20OK') {
  const offered = await poll(printer);
  if (!offered.body.jobReady) return null;
  const token = offered.body.jobToken as string;
  const job = await fetchJob(printer, `uid=&type=text%2Fplain&mac=00%3A11&token=${token}`);
  expect(job.status).toBe(200);
  expect((await confirm(printer, `mac=00%3A11&code=${code}&token=${token}`)).status).toBe(200);
  return job.body;
}

async function addPrinter(name: string, stationId: number | null, token = manager.token, host = PIZZARIA) {
  const { status, body } = await call(
    'POST',
    '/staff/printers',
    token,
    { name, station_id: stationId },
    host,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  const reply = cloudPrinterCredentialsReply.parse(body);
  return { login: reply.login, secret: reply.secret, id: reply.printer.id };
}

/** A pickup order of a burger (Cozinha) and a can of Coca-Cola (Bar), with notes. */
async function placeBurgerAndCoke(): Promise<number> {
  const burger = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    observacao: 'Sem picles, por favor',
  });
  const coke = await cartLine(t, { ref: 'coca-lata', qtd: 2 });
  const response = await placeOrder(t, customer.token, submission(customer.userId, [burger, coke]));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { order_info: { order_id: number } }).order_info.order_id;
}

async function accept(orderId: number) {
  const response = await changeStatus(t, manager.token, orderId, { status: 'Preparo' });
  expect(response.statusCode, response.body).toBe(200);
}

const jobsOf = (orderId: number) =>
  t.database.db
    .select()
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId))
    .orderBy(asc(printJobs.printerId), asc(printJobs.stationId));

/** Prints whatever waits for every printer, so a test starts from empty queues. */
async function drain() {
  for (const printer of [kitchenPrinter, barPrinter, everyStationPrinter]) {
    while ((await printNext(printer)) !== null) {
      // printed
    }
  }
}

beforeAll(async () => {
  t = await buildAccountsTestApp({
    // A Tuesday at noon in São Paulo: both demo stores open (sakura keeps lunch hours), whatever the real clock.
    now: new Date('2026-05-05T12:00:00-03:00'),
    env: { ORDER_RATE_LIMIT_MAX: '10000' },
  });
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  attendant = await signInStaff(t, { name: 'Ana Balcão', role: 'attendant' });
  sakuraManager = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'manager' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
  await call('POST', '/staff/stations', manager.token, { name: 'Cozinha' });
  const stations = stationsReply.parse(
    (await call('POST', '/staff/stations', manager.token, { name: 'Bar' })).body,
  );
  [kitchen, bar] = stations.stations.map((s) => s.id) as [number, number];
  const drinks = stations.categories.find((c) => c.name === 'Bebidas')!;
  await call('PUT', '/staff/stations/routes', manager.token, {
    categories: [{ id: drinks.id, station_id: bar }],
  });
});
afterAll(async () => {
  await t.close();
});

describe('registering cloud printers (staff)', () => {
  it('starts with none, and the address printers poll', async () => {
    const { status, body } = await call('GET', '/staff/printers', manager.token);
    expect(status).toBe(200);
    const reply = cloudPrintersReply.parse(body);
    expect(reply.printers).toEqual([]);
    expect(reply.cloudprnt_url).toMatch(/^http:\/\/pizzaria\.localhost:\d+\/integracoes\/cloudprnt$/);
  });

  it('a manager adds a printer per station and one for every station; the secret is shown once', async () => {
    kitchenPrinter = await addPrinter('Cozinha quente', kitchen);
    barPrinter = await addPrinter('Bar', bar);
    everyStationPrinter = await addPrinter('Balcão', null);
    expect(kitchenPrinter.login).toMatch(/^cp-[a-z2-9]{12}$/);
    expect(kitchenPrinter.secret).toMatch(/^[a-z2-9]{32}$/);
    const { body } = await call('GET', '/staff/printers', manager.token);
    expect(JSON.stringify(body)).not.toContain(kitchenPrinter.secret);
    const reply = cloudPrintersReply.parse(body);
    expect(reply.printers.map((p) => [p.name, p.station_name, p.state])).toEqual([
      ['Cozinha quente', 'Cozinha', 'never_polled'],
      ['Bar', 'Bar', 'never_polled'],
      ['Balcão', null, 'never_polled'],
    ]);
  });

  it('refuses bad input, attendants, customers and another store’s staff, changing nothing', async () => {
    const before = (await call('GET', '/staff/printers', manager.token)).body;
    const blank = await call('POST', '/staff/printers', manager.token, { name: '   ', station_id: null });
    expect(blank.status).toBe(400);
    expect(errorReply.parse(blank.body).code).toBeTruthy();
    const unknownStation = await call('POST', '/staff/printers', manager.token, {
      name: 'X',
      station_id: 999999,
    });
    expect(unknownStation.status).toBe(400);
    expect(unknownStation.body.code).toBe('UNKNOWN_STATION');
    const sakuraStation = stationsReply.parse(
      (await call('POST', '/staff/stations', sakuraManager.token, { name: 'Sushi' }, SAKURA)).body,
    ).stations[0]!.id;
    const foreignStation = await call('POST', '/staff/printers', manager.token, {
      name: 'X',
      station_id: sakuraStation,
    });
    expect(foreignStation.body.code).toBe('UNKNOWN_STATION');
    expect(
      (await call('POST', '/staff/printers', manager.token, { name: 'X', station_id: null, extra: 1 }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/staff/printers', attendant.token)).status).toBe(403);
    expect(
      (await call('POST', '/staff/printers', attendant.token, { name: 'X', station_id: null })).status,
    ).toBe(403);
    expect((await call('GET', '/staff/printers', customer.token)).status).toBe(403);
    expect(
      (await call('POST', '/staff/printers', customer.token, { name: 'X', station_id: null })).status,
    ).toBe(403);
    expect((await call('GET', '/staff/printers', sakuraManager.token)).status).toBe(401);
    expect((await call('DELETE', `/staff/printers/${kitchenPrinter.id}`, sakuraManager.token)).status).toBe(
      401,
    );
    expect(
      (await call('DELETE', `/staff/printers/${kitchenPrinter.id}`, sakuraManager.token, undefined, SAKURA))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', `/staff/printers/${kitchenPrinter.id}/secret`, sakuraManager.token, {}, SAKURA))
        .status,
    ).toBe(404);
    expect((await call('DELETE', '/staff/printers/abc', manager.token)).status).toBe(400);
    expect(
      cloudPrintersReply.parse(
        (await call('GET', '/staff/printers', sakuraManager.token, undefined, SAKURA)).body,
      ).printers,
    ).toEqual([]);
    expect((await call('GET', '/staff/printers', manager.token)).body).toEqual(before);
  });
});

describe('the CloudPRNT protocol', () => {
  it('a poll with no ticket waiting says jobReady false and records the printer’s status', async () => {
    const { status, body } = await poll(kitchenPrinter, {
      statusCode: '211%20Paper%20low',
      printerMAC: '00:11:62:aa:bb:cc',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ jobReady: false });
    const printers = cloudPrintersReply.parse(
      (await call('GET', '/staff/printers', manager.token)).body,
    ).printers;
    const polled = printers.find((p) => p.id === kitchenPrinter.id)!;
    expect(polled.state).toBe('paper_low');
    expect(polled.last_status_code).toBe('211 Paper low');
    expect(polled.last_poll_at).not.toBeNull();
    expect(printers.find((p) => p.id === barPrinter.id)!.state).toBe('never_polled');
  });

  it('an accepted order: each printer is offered its station’s ticket only, in text/plain', async () => {
    const orderId = await placeBurgerAndCoke();
    expect((await poll(kitchenPrinter)).body).toEqual({ jobReady: false });
    await accept(orderId);
    const offered = await poll(kitchenPrinter);
    expect(offered.body).toEqual({
      jobReady: true,
      mediaTypes: ['text/plain'],
      jobToken: expect.any(String),
    });
    const kitchenTicket = await fetchJob(kitchenPrinter, `type=text%2Fplain&token=${offered.body.jobToken}`);
    expect(kitchenTicket.status).toBe(200);
    expect(kitchenTicket.type).toBe('text/plain; charset=utf-8');
    expect(kitchenTicket.body).toContain(`PEDIDO #${orderId}`);
    expect(kitchenTicket.body).toMatch(/^ +COZINHA$/m);
    expect(kitchenTicket.body).toContain('1x Burger Clássico');
    expect(kitchenTicket.body).toMatch(/^ +Ao ponto$/m);
    expect(kitchenTicket.body).toContain('Sem picles, por favor');
    expect(kitchenTicket.body).toMatch(/^ +RETIRADA$/m);
    expect(kitchenTicket.body).not.toContain('Coca');
    for (const line of kitchenTicket.body.split('\n')) expect(line.length).toBeLessThanOrEqual(48);
    // A GET changes nothing the printer could lose: asking again gives the same ticket.
    expect((await fetchJob(kitchenPrinter, `type=text%2Fplain&token=${offered.body.jobToken}`)).body).toBe(
      kitchenTicket.body,
    );

    const barOffer = await poll(barPrinter);
    const barTicket = await fetchJob(barPrinter, `type=text%2Fplain&token=${barOffer.body.jobToken}`);
    expect(barTicket.body).toMatch(/^ +BAR$/m);
    expect(barTicket.body).toContain('2x Coca-Cola');
    expect(barTicket.body).not.toContain('Burger');

    const jobs = await jobsOf(orderId);
    expect(jobs.map((job) => [job.printerId, job.stationId, job.kind])).toEqual([
      [kitchenPrinter.id, kitchen, 'kitchen'],
      [barPrinter.id, bar, 'kitchen'],
      [everyStationPrinter.id, kitchen, 'kitchen'],
      [everyStationPrinter.id, bar, 'kitchen'],
    ]);

    expect((await confirm(kitchenPrinter, `code=200%20OK&token=${offered.body.jobToken}`)).status).toBe(200);
    expect((await poll(kitchenPrinter)).body).toEqual({ jobReady: false });
    const [printed] = await t.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.id, Number(offered.body.jobToken)));
    expect(printed!.status).toBe('printed');
    await drain();
  });

  it('a media type it does not offer is 415; a token of no waiting ticket is 404', async () => {
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    const offered = await poll(kitchenPrinter);
    expect((await fetchJob(kitchenPrinter, `type=image%2Fpng&token=${offered.body.jobToken}`)).status).toBe(
      415,
    );
    expect((await fetchJob(kitchenPrinter, 'type=text%2Fplain&token=999999')).status).toBe(404);
    expect((await fetchJob(kitchenPrinter, 'type=text%2Fplain&token=abc')).status).toBe(404);
    // Without a token (older firmware) the oldest waiting ticket comes.
    expect((await fetchJob(kitchenPrinter, 'type=text%2Fplain')).body).toContain(`PEDIDO #${orderId}`);
    expect((await confirm(kitchenPrinter, 'code=OK')).status).toBe(200);
    expect((await poll(kitchenPrinter)).body).toEqual({ jobReady: false });
    expect((await confirm(kitchenPrinter, 'code=OK')).status).toBe(404);
    await drain();
  });

  it('an error code puts the ticket back; after the last try it is failed and offered no more', async () => {
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    for (let attempt = 1; attempt <= PRINT_JOB_ATTEMPTS_MAX; attempt++) {
      const offered = await poll(kitchenPrinter);
      expect(offered.body.jobReady, `attempt ${attempt}`).toBe(true);
      expect(
        (await fetchJob(kitchenPrinter, `type=text%2Fplain&token=${offered.body.jobToken}`)).status,
      ).toBe(200);
      expect(
        (await confirm(kitchenPrinter, `code=511%20Media%20decoding%20error&token=${offered.body.jobToken}`))
          .status,
      ).toBe(200);
    }
    expect((await poll(kitchenPrinter)).body).toEqual({ jobReady: false });
    const [job] = (await jobsOf(orderId)).filter((row) => row.printerId === kitchenPrinter.id);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: PRINT_JOB_ATTEMPTS_MAX,
      lastErrorCode: '511 Media decoding error',
    });
    const listed = cloudPrintersReply.parse(
      (await call('GET', '/staff/printers', manager.token)).body,
    ).printers;
    expect(listed.find((p) => p.id === kitchenPrinter.id)!.failed_jobs).toBe(1);
    await drain();
  });

  it('a printer busy printing is not offered the next ticket', async () => {
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    expect((await poll(kitchenPrinter, { statusCode: '200 OK', printingInProgress: true })).body).toEqual({
      jobReady: false,
    });
    expect((await poll(kitchenPrinter)).body.jobReady).toBe(true);
    await drain();
  });
});

describe('credentials', () => {
  it('a missing, malformed or wrong credential gets 401 and nothing else', async () => {
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    const noAuth = await poll(null);
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(noAuth.body.jobReady).toBeUndefined();
    expect((await poll({ ...kitchenPrinter, secret: 'wrong' })).status).toBe(401);
    expect((await poll({ ...kitchenPrinter, login: 'cp-unknown' })).status).toBe(401);
    // A bad body with no credential: still 401, so a caller learns nothing of the call.
    expect((await poll(null, { nothing: true })).status).toBe(401);
    expect((await poll(kitchenPrinter, { nothing: true })).status).toBe(400);
    for (const [method, url] of [
      ['GET', '/integracoes/cloudprnt?type=text%2Fplain'],
      ['DELETE', '/integracoes/cloudprnt?code=OK'],
    ] as const) {
      const reply = await t.app.inject({
        method,
        url,
        headers: { host: PIZZARIA, ...basic(kitchenPrinter.login, 'x') },
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.body).not.toContain('PEDIDO');
    }
    const reply = await t.app.inject({
      method: 'POST',
      url: '/integracoes/cloudprnt',
      headers: { host: PIZZARIA, authorization: 'Bearer abc' },
      payload: { statusCode: '200 OK' },
    });
    expect(reply.statusCode).toBe(401);
    await drain();
  });

  it('another store’s printer never sees this store’s tickets, nor signs in here', async () => {
    const sakuraPrinter = await addPrinter('Sushi bar', null, sakuraManager.token, SAKURA);
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    expect((await poll(sakuraPrinter, undefined, SAKURA)).body).toEqual({ jobReady: false });
    expect((await poll(sakuraPrinter, undefined, PIZZARIA)).status).toBe(401);
    expect((await poll(kitchenPrinter, undefined, SAKURA)).status).toBe(401);
    expect((await jobsOf(orderId)).every((job) => job.printerId !== sakuraPrinter.id)).toBe(true);
    await drain();
  });

  it('a new secret replaces the old one at once; a revoked printer gets 401 and its tickets are dropped', async () => {
    const renewed = cloudPrinterCredentialsReply.parse(
      (await call('POST', `/staff/printers/${barPrinter.id}/secret`, manager.token, {})).body,
    );
    expect(renewed.login).toBe(barPrinter.login);
    expect((await poll(barPrinter)).status).toBe(401);
    barPrinter = { ...barPrinter, secret: renewed.secret };
    expect((await poll(barPrinter)).status).toBe(200);

    const spare = await addPrinter('Reserva', kitchen);
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    const revoked = await call('DELETE', `/staff/printers/${spare.id}`, manager.token);
    expect(revoked.status).toBe(200);
    expect(cloudPrintersReply.parse(revoked.body).printers.map((p) => p.id)).not.toContain(spare.id);
    expect((await poll(spare)).status).toBe(401);
    const [dropped] = (await jobsOf(orderId)).filter((job) => job.printerId === spare.id);
    expect(dropped!.status).toBe('withdrawn');
    expect((await call('DELETE', `/staff/printers/${spare.id}`, manager.token)).status).toBe(404);
    expect((await call('POST', `/staff/printers/${spare.id}/secret`, manager.token, {})).status).toBe(404);
    await drain();
  });
});

describe('queuing tickets', () => {
  it('two accepts racing queue each station’s ticket once per printer', async () => {
    const orderId = await placeBurgerAndCoke();
    const [first, second] = await Promise.all([
      changeStatus(t, manager.token, orderId, { status: 'Preparo' }),
      changeStatus(t, manager.token, orderId, { status: 'Preparo' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const jobs = await jobsOf(orderId);
    expect(jobs).toHaveLength(4);
    const keys = new Set(jobs.map((job) => `${job.printerId}:${job.stationId}:${job.kind}`));
    expect(keys.size).toBe(4);
    await drain();
  });

  it('the store’s auto-accept queues them too', async () => {
    await call('PATCH', '/staff/store/settings', manager.token, { auto_accept: true });
    try {
      const orderId = await placePickupOrder(t, customer);
      const jobs = await jobsOf(orderId);
      expect(jobs.map((job) => job.printerId).sort()).toEqual(
        [kitchenPrinter.id, everyStationPrinter.id].sort(),
      );
    } finally {
      await call('PATCH', '/staff/store/settings', manager.token, { auto_accept: false });
    }
    await drain();
  });

  it('a printed order that is cancelled prints CANCELADO; a ticket not printed yet is dropped', async () => {
    const orderId = await placeBurgerAndCoke();
    await accept(orderId);
    await printNext(kitchenPrinter);
    const cancelled = await changeStatus(t, manager.token, orderId, {
      status: 'Cancelado',
      reason: 'Cliente desistiu',
    });
    expect(cancelled.statusCode).toBe(200);
    const jobs = await jobsOf(orderId);
    const byPrinter = (id: number, kind: string) =>
      jobs.filter((job) => job.printerId === id && job.kind === kind).map((job) => job.status);
    expect(byPrinter(kitchenPrinter.id, 'kitchen')).toEqual(['printed']);
    expect(byPrinter(kitchenPrinter.id, 'cancel')).toEqual(['queued']);
    expect(byPrinter(barPrinter.id, 'kitchen')).toEqual(['withdrawn']);
    expect(byPrinter(barPrinter.id, 'cancel')).toEqual([]);
    const ticket = await printNext(kitchenPrinter);
    expect(ticket).toMatch(/^ +CANCELADO$/m);
    expect(ticket).toContain(`PEDIDO #${orderId}`);
    expect(ticket).toContain('1x Burger Clássico');
    expect(ticket).not.toContain('Coca');
    expect(await printNext(barPrinter)).toBeNull();
    await drain();
  });

  it('an edit of an accepted order prints PEDIDO ALTERADO once per edit on the stations it changed', async () => {
    const orderId = await placeBurgerAndCoke();
    const edit = async (body: object) => {
      const { status, body: reply } = await call(
        'POST',
        `/staff/orders/${orderId}/edit`,
        attendant.token,
        body,
      );
      expect(status, JSON.stringify(reply)).toBe(200);
    };
    // Not accepted yet: no kitchen ticket went out, so an edit prints nothing (the accept prints it as edited).
    await edit({ adicionar: [await cartLine(t, { ref: 'agua' })] });
    expect(await jobsOf(orderId)).toEqual([]);
    await accept(orderId);
    const accepted = await jobsOf(orderId);
    expect(accepted.map((job) => job.kind)).toEqual(['kitchen', 'kitchen', 'kitchen', 'kitchen']);
    const barKitchen = await printNext(barPrinter);
    expect(barKitchen).toContain('Água');
    await drain();

    // The cokes (seq 1) come out, a second burger goes in: the kitchen and the bar each get one.
    const burger = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Bem passado': 1 } },
      observacao: 'Sem cebola',
    });
    await edit({ remover: [1], adicionar: [burger] });
    const [record] = await t.database.db
      .select()
      .from(orderEdits)
      .where(eq(orderEdits.orderId, orderId))
      .orderBy(desc(orderEdits.id))
      .limit(1);
    const kind = `edit:${record!.id}`;
    const edited = (await jobsOf(orderId)).filter((job) => job.kind === kind);
    expect(edited.map((job) => [job.printerId, job.stationId, job.status])).toEqual([
      [kitchenPrinter.id, kitchen, 'queued'],
      [barPrinter.id, bar, 'queued'],
      [everyStationPrinter.id, kitchen, 'queued'],
      [everyStationPrinter.id, bar, 'queued'],
    ]);
    const kitchenChange = await printNext(kitchenPrinter);
    expect(kitchenChange).toMatch(/^ +PEDIDO ALTERADO$/m);
    expect(kitchenChange).toContain(`PEDIDO #${orderId}`);
    expect(kitchenChange).toMatch(/^ +COZINHA$/m);
    expect(kitchenChange).toContain('ADICIONAR');
    expect(kitchenChange).toContain('1x Burger Clássico');
    expect(kitchenChange).toMatch(/^ +Bem passado$/m);
    expect(kitchenChange).toContain('Sem cebola');
    expect(kitchenChange).not.toContain('REMOVER');
    expect(kitchenChange).not.toContain('Coca');
    const barChange = await printNext(barPrinter);
    expect(barChange).toMatch(/^ +PEDIDO ALTERADO$/m);
    expect(barChange).toContain('REMOVER — NÃO PREPARAR');
    expect(barChange).toContain('[X] 2x Coca-Cola');
    expect(barChange).not.toContain('Burger');
    expect(barChange).not.toContain('Água');
    expect(await printNext(kitchenPrinter)).toBeNull();
    await drain();

    // A payment change moves no line: the kitchen hears nothing.
    const before = (await jobsOf(orderId)).length;
    await edit({ fk_forma_pagamento: 1, troco_para: 20_000 });
    expect(await jobsOf(orderId)).toHaveLength(before);
    // A refused edit queues nothing either.
    const refused = await call('POST', `/staff/orders/${orderId}/edit`, attendant.token, { remover: [99] });
    expect(refused.status).toBe(400);
    expect(await jobsOf(orderId)).toHaveLength(before);

    // Cancelled with an edit's ticket not printed yet: it is dropped with the rest, CANCELADO follows.
    await edit({ remover: [0] });
    const pending = (await jobsOf(orderId)).filter((job) => job.status === 'queued');
    expect(pending.map((job) => job.printerId)).toEqual([kitchenPrinter.id, everyStationPrinter.id]);
    expect(
      (await changeStatus(t, manager.token, orderId, { status: 'Cancelado', reason: 'Desistiu' })).statusCode,
    ).toBe(200);
    const after = await jobsOf(orderId);
    expect(after.filter((job) => pending.some((p) => p.id === job.id)).map((job) => job.status)).toEqual([
      'withdrawn',
      'withdrawn',
    ]);
    expect(await printNext(kitchenPrinter)).toMatch(/^ +CANCELADO$/m);
    await drain();
  });

  it('a refused order that never printed queues nothing', async () => {
    const orderId = await placeBurgerAndCoke();
    const refused = await changeStatus(t, manager.token, orderId, {
      status: 'Cancelado',
      reason: 'Sem entregador',
    });
    expect(refused.statusCode).toBe(200);
    expect(await jobsOf(orderId)).toEqual([]);
  });

  it('a store without printers queues nothing and accepts as before', async () => {
    const sakuraCustomer = await signUp(t.app, { host: SAKURA });
    const orderId = await placePickupOrder(t, sakuraCustomer, SAKURA);
    // Sakura's printer (added above) is revoked here first, so the store has none.
    const list = cloudPrintersReply.parse(
      (await call('GET', '/staff/printers', sakuraManager.token, undefined, SAKURA)).body,
    );
    for (const printer of list.printers)
      await call('DELETE', `/staff/printers/${printer.id}`, sakuraManager.token, undefined, SAKURA);
    const response = await changeStatus(t, sakuraManager.token, orderId, { status: 'Preparo' }, SAKURA);
    expect(response.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(printJobs)
        .where(and(eq(printJobs.orderId, orderId))),
    ).toEqual([]);
  });
});
