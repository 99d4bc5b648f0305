/**
 * TRUSTED_PROXIES (docs/design.md#directory-sign-in): the addresses and CIDRs of the proxies whose
 * TRUSTED_PROXY_HEADER is believed. Decided on the socket's own address, never X-Forwarded-For.
 */
import net from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Throws naming an entry that is neither an address nor a CIDR. */
export function parseProxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 'ipv4' ? 32 : 128;
    if (!family || rest.length || (prefix !== undefined && (!/^\d+$/.test(bits!) || prefix > maxBits))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IPv4 or IPv6 address or CIDR (e.g. 10.0.0.5, 10.0.0.0/24, fd00::/8)`);
    }
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}

/** Whether a socket's remote address is one of the list's (an IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d). */
export function isTrusted(list: net.BlockList, remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const mapped = MAPPED_IPV4.exec(remoteAddress)?.[1];
  if (mapped) return list.check(mapped, 'ipv4') || list.check(remoteAddress, 'ipv6');
  return net.isIPv4(remoteAddress) ? list.check(remoteAddress, 'ipv4') : net.isIPv6(remoteAddress) && list.check(remoteAddress, 'ipv6');
}
