import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Only ordinary public unicast addresses may be fetched on a page's behalf. Everything else —
 * loopback, RFC 1918 private, link-local (169.254.169.254, the cloud metadata address, is one),
 * unique-local (fd00:ec2::254 is AWS's IPv6 metadata), carrier-grade NAT (100.100.100.200 is
 * Alibaba's metadata), reserved (192.0.0.192 is Oracle's), multicast, unspecified, and the IPv6
 * tunnelling forms that embed an IPv4 address — is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: Resolve = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export class UnsafeTargetError extends Error {}

/**
 * The address to connect to for `hostname`, checked once: every address the name resolves to must be
 * public (a name that answers with one private address among public ones is refused: which one a
 * client would pick is not ours to guess). The caller connects to exactly this address, so a second
 * lookup cannot re-bind the name.
 */
export async function checkedAddress(hostname: string, resolve: Resolve, isAllowed: (address: string) => boolean = isPublicAddress): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal as 4 | 6 }] : await resolve(bare).catch(() => {
    throw new UnsafeTargetError(`cannot resolve ${bare}`);
  });
  if (addresses.length === 0) throw new UnsafeTargetError(`cannot resolve ${bare}`);
  const refused = addresses.find(({ address }) => !isAllowed(address));
  if (refused) throw new UnsafeTargetError(`${bare} resolves to a non-public address (${refused.address})`);
  return addresses[0];
}
