// TRUST_PROXY: which proxies in front of the server are believed when they say, in
// X-Forwarded-For, whom they forward for. Behind a reverse proxy every request comes from the
// proxy's address; without this setting the failed-login throttle would count the whole school
// as one client. Without it, X-Forwarded-For is ignored (anyone can send one).
//
//   true                     trust every hop: the client is the left-most forwarded address
//   2                        trust that many hops from the server (whoever connects is the
//                            first hop: only when the server is reachable through the proxies alone)
//   10.0.0.1, 10.1.0.0/16    trust these proxies (addresses, CIDRs, or proxy-addr's names
//                            loopback, linklocal, uniquelocal)
//
// The value is Fastify's `trustProxy` option. A hop count is given to Fastify as a function
// of the hop (0: the connection's address), since Fastify 5 takes a bare number as trusting
// nobody.

import { isIP, isIPv4 } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

export type TrustProxy = NonNullable<FastifyServerOptions['trustProxy']>;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, mask, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128);
  return version === 4 && isIPv4(mask);
}

/** The setting's text as Fastify's option; throws a message naming TRUST_PROXY when it is not one. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1) return (_address: string, hop: number) => hop < hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (wrong.length) {
    throw new Error(
      `TRUST_PROXY must be true, a number of proxy hops (1 or more), or a comma-separated list of proxy addresses or CIDRs; not ${wrong.map((w) => `"${w}"`).join(', ')}`,
    );
  }
  return entries;
}
