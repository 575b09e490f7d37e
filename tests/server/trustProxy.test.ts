// TRUST_PROXY (server/http/trustProxy.ts): behind a trusted proxy the failed-login throttle
// counts the address the proxy forwards for, so one bad user does not lock out everyone behind
// it; without the setting a forged X-Forwarded-For changes nothing.

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { fileServer } from './harness';

const PROXY = '10.8.0.1';
const limits = { perName: 1000, perAddress: 3 };
const behindProxy = fileServer({ loginThrottle: limits, trustProxy: [PROXY] });
const byHops = fileServer({ loginThrottle: limits, trustProxy: readConfig({ TRUST_PROXY: '1' }).trustProxy });
const direct = fileServer({ loginThrottle: limits });

async function login(on: typeof direct, password: string, remoteAddress: string, forwardedFor?: string) {
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { username: 'admin', password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.statusCode;
}

describe('the client address behind a trusted proxy', () => {
  it('is the forwarded one: failures of one client do not hold up another behind the same proxy', async () => {
    for (let i = 0; i < 3; i++) expect(await login(behindProxy, 'salah', PROXY, '203.0.113.5')).toBe(401);
    expect(await login(behindProxy, 'demo', PROXY, '203.0.113.5')).toBe(429);
    expect(await login(behindProxy, 'demo', PROXY, '203.0.113.6')).toBe(200);
  });

  it('is not what a client that is not the proxy claims', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < 3; i++) expect(await login(behindProxy, 'salah', client, `192.0.2.${i}`)).toBe(401);
    expect(await login(behindProxy, 'demo', client, '192.0.2.99')).toBe(429);
  });

  it('with a hop count, is the address the nearest proxy forwards for, not one the client put before it', async () => {
    for (let i = 0; i < 3; i++) expect(await login(byHops, 'salah', PROXY, `192.0.2.${i}, 203.0.113.5`)).toBe(401);
    expect(await login(byHops, 'demo', PROXY, '192.0.2.99, 203.0.113.5')).toBe(429);
    expect(await login(byHops, 'demo', PROXY, '203.0.113.6')).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: a forged one per request still counts as the one connection address', async () => {
    const client = '198.51.100.8';
    for (let i = 0; i < 3; i++) expect(await login(direct, 'salah', client, `192.0.2.${i}`)).toBe(401);
    expect(await login(direct, 'demo', client, '192.0.2.99')).toBe(429);
    expect(await login(direct, 'demo', '198.51.100.9')).toBe(200);
  });
});

describe('the TRUST_PROXY setting', () => {
  const setting = (text: string) => readConfig({ TRUST_PROXY: text }).trustProxy;

  it('is off when unset, empty or false', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(setting('')).toBe(false);
    expect(setting('false')).toBe(false);
  });

  it('takes true, a hop count, or a list of addresses and CIDRs', () => {
    expect(setting('true')).toBe(true);
    expect(typeof setting('2')).toBe('function');
    expect(setting('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else, naming the setting and the wrong entries', () => {
    expect(() => setting('yes')).toThrow(/TRUST_PROXY .*"yes"/);
    expect(() => setting('0')).toThrow(/TRUST_PROXY/);
    expect(() => setting('10.0.0.1, 10.0.0.300, 10.0.0.0/33')).toThrow(/"10.0.0.300", "10.0.0.0\/33"/);
  });
});
