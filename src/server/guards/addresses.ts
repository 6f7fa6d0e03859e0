import net from 'node:net';

/**
 * The host name of a `Host` header (or a HOST value) in canonical form: lower case, no port, no
 * trailing dot, IPv6 without brackets, IPv4 in dotted decimal (`127.1` and `0x7f.0.0.1` become
 * `127.0.0.1`, as the URL standard and browsers read them). Undefined when it is not a host.
 */
export function canonicalHost(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || /[\s/\\?#@]/.test(value)) return undefined;
  // A bare IPv6 address (a HOST value like `::1`) has colons that a URL would read as a port.
  const authority = net.isIPv6(value) ? `[${value}]` : value;
  let hostname: string;
  try {
    hostname = new URL(`http://${authority}`).hostname;
  } catch {
    return undefined;
  }
  if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  return hostname || undefined;
}

/** `localhost`, 127.0.0.0/8, ::1 and the IPv4-mapped ::ffff:127.x.y.z, as canonicalHost gives them. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  const v4 = host.startsWith('::ffff:') ? mappedIPv4(host.slice(7)) : host;
  return v4 !== undefined && net.isIPv4(v4) && v4.startsWith('127.');
}

/** `::ffff:7f00:1` (how the URL parser writes ::ffff:127.0.0.1) back to dotted decimal. */
function mappedIPv4(tail: string): string | undefined {
  if (net.isIPv4(tail)) return tail;
  const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!match) return undefined;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** 0.0.0.0 and :: listen on every interface. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}
