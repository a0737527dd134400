/**
 * Which proxy a URL goes through, by curl's rules: https URLs through HTTPS_PROXY, http URLs
 * through HTTP_PROXY, neither when NO_PROXY names the host. A NO_PROXY entry matches the host
 * itself and every name under it (a leading dot changes nothing), `*` matches every host, an IP
 * address matches itself and a CIDR range its addresses. Like curl, nothing is exempt by default:
 * loopback too goes through the proxy unless NO_PROXY names it.
 */
import { BlockList, isIP } from 'node:net';
import type { ProxySetting, TransportSettings } from './settings.js';

function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function inRange(host: string, entry: string): boolean {
  const [network, bits] = entry.split('/');
  const family = isIP(network!);
  const hostFamily = isIP(host);
  if (!family || family !== hostFamily) return false;
  const list = new BlockList();
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (bits === undefined) list.addAddress(network!, type);
  else list.addSubnet(network!, Number(bits), type);
  return list.check(host, type);
}

/** True when NO_PROXY exempts `hostname`. */
export function bypasses(noProxy: readonly string[], hostname: string): boolean {
  const host = bare(hostname);
  return noProxy.some((raw) => {
    // A port after a name or an IPv4 address is ignored, as curl ignores it; an IPv6 address has colons of its own.
    const entry = bare(raw.split(':').length === 2 ? raw.replace(/:\d+$/, '') : raw);
    if (entry === '*') return true;
    if (isIP(entry.split('/')[0]!)) return inRange(host, entry);
    const domain = entry.replace(/^\*?\./, '');
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/** The proxy `url` goes through, or undefined for a direct connection. */
export function proxyFor(settings: TransportSettings, url: string | URL): ProxySetting | undefined {
  const parsed = new URL(url);
  const proxy =
    parsed.protocol === 'https:' ? settings.httpsProxy : parsed.protocol === 'http:' ? settings.httpProxy : undefined;
  return proxy && !bypasses(settings.noProxy, parsed.hostname) ? proxy : undefined;
}

/** The proxy as it may be shown: its address and user, never its password. */
export function shownProxy(proxy: ProxySetting): string {
  return proxy.username ? proxy.server.replace('://', `://${encodeURIComponent(proxy.username)}@`) : proxy.server;
}

/** The proxy's URL with its credentials, for a client that takes them in the URL. */
export function proxyUrl(proxy: ProxySetting): string {
  if (!proxy.username) return proxy.server;
  return proxy.server.replace(
    '://',
    `://${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@`
  );
}
