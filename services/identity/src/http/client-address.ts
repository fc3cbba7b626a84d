// The caller's address for the sign-in and password-reset throttles. X-Forwarded-For is believed
// only as far as it was written by trusted proxies (TRUSTED_PROXIES, CIDRs: the edge, the load
// balancer): walking the header from the right, each entry appended by a trusted hop is followed,
// and the first address not in the list is the client. From an untrusted peer the header is
// ignored, since a client could write anything in it.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export type TrustedProxies = BlockList;

/** `127.0.0.1/32,10.0.0.0/8,::1/128` → a BlockList; throws naming the bad entry. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address, prefixText] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR`);
    }
    list.addSubnet(address!, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function clientAddress(request: FastifyRequest, trusted: TrustedProxies): string {
  let address = plain(request.socket.remoteAddress ?? request.ip);
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => plain(entry.trim())).filter(Boolean);
  while (isTrusted(trusted, address) && hops.length > 0) {
    const next = hops.pop()!;
    if (isIP(next) === 0) break;
    address = next;
  }
  return address;
}
