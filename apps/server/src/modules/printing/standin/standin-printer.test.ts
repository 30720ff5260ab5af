import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cloudPrinterCredentialsReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { changeStatus, listen, placePickupOrder } from '../../../test/tracking.ts';
import { type ReceivedJob, StandinCloudPrinter } from './standin-printer.ts';

/*
 * The stand-in CloudPRNT printer against a listening server (issue 32): it polls over real HTTP
 * as a Star printer does and receives a new order's station ticket after its acceptance.
 */

let t: TestApp;
let manager: StaffSignedIn;
let outDir: string;
let printer: StandinCloudPrinter;
const tickets: ReceivedJob[] = [];
const waiting: { orderId: number; resolve: (job: ReceivedJob) => void }[] = [];

/**
 * The ticket of this order, once the stand-in has written it: within the 5 s of the accept
 * (the stand-in polls every second here, so five polls at least fit in it).
 */
function ticketOf(orderId: number): Promise<ReceivedJob> {
  const found = tickets.find((job) => job.content.includes(`PEDIDO #${orderId}\n`));
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ticket of order ${orderId} within 5 s`)), 5000);
    waiting.push({
      orderId,
      resolve: (job) => {
        clearTimeout(timer);
        resolve(job);
      },
    });
  });
}

beforeAll(async () => {
  t = await buildAccountsTestApp();
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  const origin = await listen(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/staff/printers',
    headers: { host: PIZZARIA, ...bearer(manager.token) },
    payload: { name: 'Cozinha', station_id: null },
  });
  const credentials = cloudPrinterCredentialsReply.parse(created.json());
  outDir = await mkdtemp(path.join(tmpdir(), 'printer-standin-'));
  printer = new StandinCloudPrinter({
    // The bare address serves the default store, the pizzaria (a real printer names the store's own).
    url: `${origin}/integracoes/cloudprnt`,
    login: credentials.login,
    secret: credentials.secret,
    outDir,
    pollIntervalMs: 1000,
    onJob: (job) => {
      tickets.push(job);
      for (const wait of waiting.filter((w) => job.content.includes(`PEDIDO #${w.orderId}\n`)))
        wait.resolve(job);
    },
  });
  printer.start();
});
afterAll(async () => {
  await printer.stop();
  await t.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('the stand-in CloudPRNT printer', () => {
  it('receives an accepted order’s ticket, writes it to its own file and confirms it printed', async () => {
    const customer = await signUp(t.app, { name: 'Maria Souza' });
    const orderId = await placePickupOrder(t, customer);
    expect((await changeStatus(t, manager.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    const job = await ticketOf(orderId);
    expect(job.mediaType).toBe('text/plain');
    expect(job.content).toContain(`PEDIDO #${orderId}`);
    expect(job.content).toContain('1x Burger Clássico');
    expect(job.content).toMatch(/^ +Ao ponto$/m);
    expect(await readFile(job.file, 'utf8')).toBe(job.content);
    expect(await readdir(outDir)).toContain(path.basename(job.file));

    const second = await placePickupOrder(t, customer);
    expect((await changeStatus(t, manager.token, second, { status: 'Preparo' })).statusCode).toBe(200);
    const next = await ticketOf(second);
    expect(next.file).not.toBe(job.file);
    expect(tickets.filter((ticket) => ticket.content.includes(`PEDIDO #${orderId}\n`))).toHaveLength(1);
  }, 20_000);
});
