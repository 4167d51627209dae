import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { FEED_LIMITS } from '@residency/shared';
import { FeedError } from './ical-import.ts';

/**
 * Addresses a feed may not be fetched from (server-side request forgery): this machine, the
 * hotel's own network, link-local (cloud metadata at 169.254.169.254) and the like.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
// IPv6 forms that carry or reach an IPv4 address are refused whole: a feed has no reason to use
// them, and through them a private IPv4 (the metadata address 169.254.169.254 written as
// 64:ff9b::a9fe:a9fe) would pass a check of IPv6 ranges alone. IPv4-mapped addresses
// (::ffff:a.b.c.d, in either spelling) are checked by BlockList against the IPv4 ranges above.
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765)
  ['64:ff9b:1::', 48], // NAT64, local use (RFC 8215)
  ['100::', 64], // discard only
  ['2001::', 32], // Teredo: an IPv4 address and port inside
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: 2002:aabb:ccdd:: reaches a.b.c.d
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (an IP) is one a feed may not be fetched from; IPv4 written in IPv6 too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // NAT64's well-known prefix (RFC 6052) reaches the IPv4 address in its last 32 bits. On an
    // IPv6-only server with DNS64 every channel's host resolves into it, so it is judged by
    // that IPv4 address rather than refused whole: 64:ff9b::a9fe:a9fe is 169.254.169.254.
    if (NAT64.check(address, 'ipv6')) return PRIVATE.check(embeddedIpv4(address), 'ipv4');
  }
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The IPv4 address in the last 32 bits of an IPv6 address (in any of its spellings). */
function embeddedIpv4(address: string): string {
  const groups = expandIpv6(address);
  const hi = parseInt(groups[6]!, 16);
  const lo = parseInt(groups[7]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The eight 16-bit groups of an IPv6 address, `::` and a dotted IPv4 tail written out. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}

export interface FetchOptions {
  allowPrivate: boolean;
  /** Ends the whole fetch, redirects included (FEED_LIMITS.timeoutMs by default). */
  timeoutMs?: number;
}

/**
 * The text at a feed's address. Follows up to FEED_LIMITS.redirects redirects, checking each
 * hop's address; connects to the very address it checked (the look-up is the socket's own, so a
 * second DNS answer can't swap it); gives up after FEED_LIMITS.timeoutMs and past
 * FEED_LIMITS.bytes. Every failure is a FeedError with a message for the Channels screen.
 */
export async function fetchFeed(url: string, options: FetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_LIMITS.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= FEED_LIMITS.redirects; hop += 1) {
    const answer = await get(current, options.allowPrivate, signal);
    if ('redirect' in answer) {
      current = answer.redirect;
      continue;
    }
    return answer.body;
  }
  throw new FeedError(`The address redirected more than ${FEED_LIMITS.redirects} times.`, 'REDIRECTS', { max: FEED_LIMITS.redirects });
}

type Answer = { body: string } | { redirect: string };

function get(address: string, allowPrivate: boolean, signal: AbortSignal): Promise<Answer> {
  let target: URL;
  try {
    target = new URL(address);
  } catch {
    throw new FeedError('The feed address is not a valid URL.', 'BAD_URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new FeedError('Only http and https feed addresses can be fetched.', 'NOT_HTTP'));
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal IP is connected to without a look-up: check it here.
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(new FeedError(`The feed address ${host} is private or local; it can't be fetched.`, 'PRIVATE_ADDRESS', { address: host }));
  }
  const lookup = checkedLookup(allowPrivate);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      target,
      // agent: false: a connection of its own each fetch. A pooled one the channel closed while
      // idle failed the next sync with ECONNRESET.
      { lookup, signal, agent: false, headers: { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'Residency channel sync' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          try {
            resolve({ redirect: new URL(response.headers.location, target).toString() });
          } catch {
            reject(new FeedError('The feed redirected to an address that is not valid.', 'BAD_REDIRECT'));
          }
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new FeedError(`The channel answered HTTP ${status}.`, 'HTTP_STATUS', { status }));
          return;
        }
        const length = Number(response.headers['content-length'] ?? 0);
        if (length > FEED_LIMITS.bytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FEED_LIMITS.bytes) {
            response.destroy(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => reject(asFeedError(error)));
        response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', (error) => reject(asFeedError(error)));
  });
}

const tooLarge = () => new FeedError(`The calendar is larger than ${FEED_LIMITS.bytes / 1024 / 1024} MB.`, 'TOO_LARGE', { mb: FEED_LIMITS.bytes / 1024 / 1024 });

function asFeedError(error: unknown): FeedError {
  if (error instanceof FeedError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'ABORT_ERR') {
    return new FeedError(`The channel did not answer within ${FEED_LIMITS.timeoutMs / 1000} seconds.`, 'TIMEOUT', { seconds: FEED_LIMITS.timeoutMs / 1000 });
  }
  if (e?.code === 'ENOTFOUND') return new FeedError('The feed address does not exist (no DNS name).', 'NO_SUCH_HOST');
  if (e?.code === 'ECONNREFUSED') return new FeedError('The channel refused the connection.', 'REFUSED');
  return new FeedError(`The feed could not be fetched: ${e?.message ?? String(error)}`, 'FETCH_FAILED');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS look-up for the socket that refuses private answers, so the checked address is the one used. */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | 'IPv4' | 'IPv6' }, callback: LookupCallback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { all: true, family }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new FeedError(`The feed address resolves to ${refused.address}, which is private or local; it can't be fetched.`, 'PRIVATE_ADDRESS', { address: refused.address }), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
