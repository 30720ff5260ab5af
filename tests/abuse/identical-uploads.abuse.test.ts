import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pictureReply } from '@comanda/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signInStaff } from '../../apps/server/src/test/accounts.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { recordFigure } from './support/figures.ts';
import { type HttpReply, listenOnLoopback, postBody } from './support/http.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 30, finding 3, replayed: the same picture uploaded several times at once (a double tap, a
 * retry, two managers with the same photo). Pictures are named after their bytes, so every upload
 * writes the same files at the same moment; a shared temporary name answered 500 ENOENT. Now every
 * upload answers 201 with the same picture, and no partial file is left behind.
 */

const SCENARIO = 'identical uploads';
const HOST = 'pizzaria.localhost';
const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-abuse-uploads-'));
let t: TestApp;
let base: string;
let authorization: string;

beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' } });
  base = await listenOnLoopback(t);
  authorization = `Bearer ${(await signInStaff(t, { role: 'manager' })).token}`;
});
afterAll(async () => {
  await t?.close();
});

/** A distinct picture per round (its colour), so each round races on files not yet written. */
function picture(round: number, width: number, height: number) {
  const hue = (round * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},70%,50%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function race(kind: 'product' | 'banner', body: Buffer, type: string, count: number) {
  const replies = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      postBody(base, `/staff/editor/pictures?kind=${kind}`, body, type, {
        host: HOST,
        from: `203.0.113.${i + 1}`,
        authorization,
      }),
    ),
  );
  return replies;
}

const urlsOf = (replies: HttpReply[]) =>
  new Set(replies.filter((reply) => reply.status === 201).map((reply) => pictureReply.parse(reply.body).url));

const partials = () =>
  readdirSync(path.join(dataDir, 'media/stores/pizzaria'), { recursive: true }).filter((name) =>
    String(name).endsWith('.part'),
  );

describe('identical pictures uploaded at once (issue 30, F3)', () => {
  it('8 identical product pictures at once, round after round: all 201, one picture each round', async () => {
    const rounds = bySize(3, 40);
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const png = await picture(round, 640, 480).png().toBuffer();
      const replies = await race('product', png, 'image/png', 8);
      statuses.push(...replies.map((reply) => reply.status));
      expect(urlsOf(replies).size).toBe(1);
    }
    const failed = statuses.filter((status) => status !== 201).length;
    recordFigure(SCENARIO, 'product uploads tried', statuses.length, 'requests');
    recordFigure(SCENARIO, 'product uploads not 201', failed, 'requests');
    expect(statuses).toEqual(Array(rounds * 8).fill(201));
    expect(partials()).toEqual([]);
  });

  it('identical large banners at once: all 201, one picture', async () => {
    // The 49-megapixel banners in the full form; 12 megapixels in the short one.
    const { width, height, count } = bySize(
      { width: 4000, height: 3000, count: 3 },
      { width: 8000, height: 6000, count: 6 },
    );
    const jpeg = await picture(1000, width, height).jpeg({ quality: 80 }).toBuffer();
    const replies = await race('banner', jpeg, 'image/jpeg', count);
    recordFigure(
      SCENARIO,
      `banners of ${(width * height) / 1e6} MP not 201`,
      replies.filter((r) => r.status !== 201).length,
      'requests',
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(count).fill(201));
    expect(urlsOf(replies).size).toBe(1);
    expect(partials()).toEqual([]);
  });
});
