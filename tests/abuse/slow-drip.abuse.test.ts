import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccountsTestApp, PIZZARIA, signUp } from '../../apps/server/src/test/accounts.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { listen, openSse } from '../../apps/server/src/test/tracking.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 18, finding 6: bodies sent one byte at a time never timed out (150 POSTs dripping a byte
 * every 5 s stayed open past 75 s). Many such POSTs must be cut off by REQUEST_TIMEOUT_MS while an
 * order event stream, silent for longer than both timeouts, stays open.
 */

const SCENARIO = 'slow-drip bodies';
const REQUEST_TIMEOUT_MS = bySize(1_000, 5_000);
const CONNECTION_TIMEOUT_MS = bySize(800, 4_000);
const DRIPS = bySize(20, 150);
/** Under CONNECTION_TIMEOUT_MS, so only the whole-request deadline can end a drip. */
const DRIP_EVERY_MS = bySize(300, 1_000);
/** The deadline, Node's check of it (a quarter of it) and scheduling on a busy machine. */
const CUT_OFF_WITHIN_MS = REQUEST_TIMEOUT_MS * 2 + 1_500;

interface Drip {
  closedAfterMs: Promise<number>;
  reply: () => string;
}

/** A POST announcing a 10 kB body and sending it one byte every DRIP_EVERY_MS. */
function startDrip(port: number): Drip {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  socket.write(
    'POST /core/v2/auth/api-token-auth-without-email/ HTTP/1.1\r\n' +
      `Host: ${PIZZARIA}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{`,
  );
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(' ');
  }, DRIP_EVERY_MS);
  const closedAfterMs = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
  });
  return { closedAfterMs, reply: () => received };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(SCENARIO, () => {
  let t: TestApp;
  let baseUrl: string;
  let port: number;

  beforeAll(async () => {
    t = await buildAccountsTestApp({
      demoStores: ['pizzaria.json'],
      env: {
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        CONNECTION_TIMEOUT_MS: String(CONNECTION_TIMEOUT_MS),
        // No heartbeat during the test: the stream is silent longer than both timeouts.
        ORDER_EVENTS_HEARTBEAT_MS: '300000',
      },
    });
    baseUrl = await listen(t);
    port = Number(new URL(baseUrl).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts off every dripping POST, keeps an idle event stream open and answers others meanwhile', async () => {
    const maria = await signUp(t.app);
    const stream = await openSse(baseUrl, '/bar/v2/orders/events', bearer(maria.token));
    expect(stream.status).toBe(200);
    let streamEnded = false;
    void stream.ended.then(() => {
      streamEnded = true;
    });

    const drips = Array.from({ length: DRIPS }, () => startDrip(port));
    await sleep(DRIP_EVERY_MS * 2);
    const meanwhile = await fetch(`${baseUrl}/core/empresa_personal_app`, { headers: { host: PIZZARIA } });
    expect(meanwhile.status).toBe(200);

    const closedAfter = await Promise.all(
      drips.map((drip) =>
        Promise.race([drip.closedAfterMs, sleep(CUT_OFF_WITHIN_MS * 3).then(() => Number.POSITIVE_INFINITY)]),
      ),
    );
    const cutOff = closedAfter.filter((ms) => ms <= CUT_OFF_WITHIN_MS);
    const slowest = Math.max(...closedAfter);
    const answered408 = drips.filter((drip) => drip.reply().startsWith('HTTP/1.1 408')).length;

    // The stream has now been silent for longer than both timeouts.
    const streamOpenMs = Math.max(REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS) * 2;
    await sleep(Math.max(0, streamOpenMs - slowest));
    const streamSurvived = !streamEnded;
    stream.close();

    recordFigure(SCENARIO, 'dripping POSTs', DRIPS, 'requests');
    recordFigure(SCENARIO, 'cut off in time', cutOff.length, 'requests');
    recordFigure(SCENARIO, 'answered 408', answered408, 'requests');
    recordFigure(SCENARIO, 'slowest cut-off', Math.round(slowest) / 1000, 's');
    recordFigure(SCENARIO, 'request timeout', REQUEST_TIMEOUT_MS / 1000, 's');
    recordFigure(
      SCENARIO,
      'idle event stream open for',
      streamSurvived ? Math.round(streamOpenMs) / 1000 : 0,
      's',
    );

    expect(cutOff).toHaveLength(DRIPS);
    expect(streamSurvived).toBe(true);
  });
});
