/**
 * A ready-to-paste curl command that replays a recorded request against the same target, the way
 * the run reached it (--cacert, --cert/--key, --proxy: file paths, and the proxy without its
 * password, which curl asks for). The bearer token is never in it: `$FLEET_TOKEN` stands in, and
 * the hint says how to get one. The embedded sandbox stops with its run, so a replay of a sandbox
 * run goes to `npm run sandbox`.
 */
import type { Config } from '../config.js';
import type { RecordedRequest } from '../exchange.js';
import { proxyFor } from '../transport/proxy.js';
import type { TransportSettings } from '../transport/settings.js';

export const TOKEN_HINT = 'export FLEET_TOKEN=$(npm run -s token)';
const SANDBOX_HINT = "npm run sandbox in another terminal, with the run's SANDBOX_FAULTS";

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Where a replay of this configuration's requests goes: the target, or `npm run sandbox` for the embedded sandbox. */
export function replayBaseUrl(config: Pick<Config, 'sandbox' | 'baseUrl' | 'sandboxPort'>): string {
  return config.sandbox ? `http://127.0.0.1:${config.sandboxPort}` : config.baseUrl;
}

/** What to do before pasting a replay to `baseUrl`: get a token (and start the sandbox, for a loopback one). */
export function replayHint(baseUrl: string): string {
  return /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:|\/|$)/.test(baseUrl)
    ? `${SANDBOX_HINT}; ${TOKEN_HINT}`
    : TOKEN_HINT;
}

/**
 * curl's options for requests to `url` as the settings send them ('' for none). curl takes one
 * --cacert: FLEET_CA_FILE's, else NODE_EXTRA_CA_CERTS's. A key's passphrase and the proxy's
 * password are left for curl to ask.
 */
export function curlTransport(settings: TransportSettings, url: string): string {
  const parts: string[] = [];
  if (settings.insecure) parts.push('--insecure');
  else if (settings.caFiles[0]) parts.push(`--cacert ${quote(settings.caFiles[0])}`);
  const certificate = settings.clientCertificate;
  if (certificate) parts.push(`--cert ${quote(certificate.certFile)}`, `--key ${quote(certificate.keyFile)}`);
  const proxy = proxyFor(settings, url);
  if (proxy)
    parts.push(`--proxy ${quote(proxy.server)}`, ...(proxy.username ? [`--proxy-user ${quote(proxy.username)}`] : []));
  else if (settings.httpsProxy || settings.httpProxy) parts.push(`--noproxy ${quote(new URL(url).hostname)}`);
  return parts.join(' ');
}

export function curlOf(baseUrl: string, request: RecordedRequest): string {
  const parts = [
    'curl -sS',
    `-X ${request.method}`,
    quote(`${baseUrl}${request.path}`),
    ...(request.transport ? [request.transport] : []),
  ];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'authorization') parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (request.auth === 'token') parts.push('-H "Authorization: Bearer $FLEET_TOKEN"');
  else if (request.auth === 'custom') parts.push(`-H ${quote('Authorization: <the altered value the test sent>')}`);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) parts.push(`--data-raw ${quote(body.length > 20_000 ? `${body.slice(0, 20_000)}…` : body)}`);
  return parts.join(' ');
}

/** The replay as failure messages show it: the hint, then the command on a line of its own. */
export function replayText(baseUrl: string, request: RecordedRequest): string {
  return `replay (${replayHint(baseUrl)}):\n${curlOf(baseUrl, request)}`;
}

export interface Replay {
  baseUrl: string;
  command: string;
}
