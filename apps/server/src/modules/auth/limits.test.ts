import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../app.ts';
import { loadConfig, trustProxySetting } from '../../config.ts';
import { addressKey, waitText } from '../../plugins/rate-limit.ts';
import { LIMITS } from './limits.ts';

describe('limits', () => {
  it('are written in one place with the chosen values', () => {
    expect(LIMITS.signInPerPhone).toMatchObject({ freeFailures: 5, baseSeconds: 30, maxSeconds: 900 });
    expect(LIMITS.signInPerAddress).toMatchObject({ freeFailures: 20 });
    expect(LIMITS.smsPerPhone).toMatchObject({ max: 3, windowSeconds: 3600 });
    expect(LIMITS.smsPerAddress).toMatchObject({ max: 10, windowSeconds: 3600 });
    expect(LIMITS.signUpPerAddress).toMatchObject({ max: 10, windowSeconds: 3600 });
  });

  it('count an IPv6 /64 as one address and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('say how long to wait in Portuguese', () => {
    expect(waitText(1)).toBe('1 segundo');
    expect(waitText(30)).toBe('30 segundos');
    expect(waitText(60)).toBe('1 minuto');
    expect(waitText(61)).toBe('2 minutos');
    expect(waitText(3600)).toBe('60 minutos');
  });
});

describe('configuration', () => {
  it('reads TRUST_PROXY as off, on, a hop count or addresses', () => {
    expect(trustProxySetting('')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    const hops = trustProxySetting('1') as (address: string, hop: number) => boolean;
    expect([hops('a', 0), hops('a', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('defaults sessions to 30 days and SMS to the local stand-in', () => {
    expect(loadConfig({})).toMatchObject({
      SESSION_TTL_DAYS: 30,
      SMS_PROVIDER: 'local',
      RATE_LIMIT_MULTIPLIER: 1,
    });
  });
});

describe('the server log', () => {
  it('never shows passwords, tokens, bodies or the Authorization header', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', redact: LOG_REDACT, stream } });
    app.log.info({ password: 'segredo-1' }, 'a');
    app.log.info({ body: { password: 'segredo-2' } }, 'b');
    app.log.info(
      { req: { headers: { authorization: 'Bearer segredo-3' }, body: { password: 'segredo-4' } } },
      'c',
    );
    app.log.info({ user: { password: 'segredo-5', token: 'segredo-6' } }, 'd');
    await app.close();
    const log = chunks.join('');
    expect(log).not.toMatch(/segredo/);
    expect(log).toContain('[redacted]');
  });
});
