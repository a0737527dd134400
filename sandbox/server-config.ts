/**
 * The sandbox's own settings (SANDBOX_PORT, SANDBOX_HOST, SANDBOX_FAULTS, SANDBOX_VARIANTS,
 * SANDBOX_LATENCY, SANDBOX_NETWORK, SANDBOX_TOKEN_TTL, SANDBOX_ORDER_COMPLETION, SANDBOX_POOL_CARDS; for npm run sandbox as a test
 * environment is exposed: SANDBOX_TLS, SANDBOX_TLS_HOSTS, SANDBOX_CLIENT_CERT, SANDBOX_JWKS_URL,
 * SANDBOX_TOKEN_ISSUER, SANDBOX_TOKEN_AUDIENCE), read and checked once: by server.ts, and by the
 * sandboxes hosted in process (sandbox/host.ts, plain http only).
 */
import { DEFAULT_TOKEN_TTL_SECONDS } from './app.js';
import { sandboxDefaults } from './defaults.js';
import { Faults } from './faults.js';
import { type DelayFor, parseLatency } from './latency.js';
import type { NetworkDelay } from './network.js';
import { Variants } from './variants.js';

export class ServerConfigError extends Error {}

export interface ServerConfig {
  port: number;
  host: string;
  faults: Faults;
  variants: Variants;
  latency: DelayFor | undefined;
  latencyText: string;
  /** A network in front of the listener (SANDBOX_NETWORK): each way's delay, ms (network.ts). */
  network?: NetworkDelay;
  tokenTtlSeconds: number;
  /** 0: ordered cards exist at once (Ordered); otherwise they show up, Active, this many seconds after the order. */
  orderCompletionSeconds: number;
  /** HTTPS with throwaway certificates in this folder (SANDBOX_TLS), for these host names; a client certificate issued by its CA required or not. */
  tls?: { dir: string; hosts: string[]; clientCertificate: boolean };
  /** Only tokens of an external identity provider, verified against its JWKS (SANDBOX_JWKS_URL); the sandbox's own token endpoint is gone. */
  externalTokens?: { jwksUrl: string; issuer?: string; audience?: string };
  /** Active cards seeded in the card pool (SANDBOX_POOL_CARDS). */
  poolCards: number;
}

function tlsSettings(env: Record<string, string | undefined>): ServerConfig['tls'] {
  const dir = env.SANDBOX_TLS?.trim();
  const clientCertificate = env.SANDBOX_CLIENT_CERT?.trim() || 'off';
  if (clientCertificate !== 'off' && clientCertificate !== 'required')
    throw new ServerConfigError(`SANDBOX_CLIENT_CERT: "${clientCertificate}" is not required or off`);
  if (!dir) {
    if (clientCertificate === 'required')
      throw new ServerConfigError(
        'SANDBOX_CLIENT_CERT: a client certificate needs HTTPS; set SANDBOX_TLS to a folder for the certificates'
      );
    if (env.SANDBOX_TLS_HOSTS?.trim()) throw new ServerConfigError('SANDBOX_TLS_HOSTS: set without SANDBOX_TLS');
    return undefined;
  }
  const hosts = (env.SANDBOX_TLS_HOSTS?.trim() || 'localhost,127.0.0.1')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const bad = hosts.find((h) => !/^[A-Za-z0-9.:-]+$/.test(h));
  if (bad) throw new ServerConfigError(`SANDBOX_TLS_HOSTS: "${bad}" is not a host name or an IP address`);
  return { dir, hosts, clientCertificate: clientCertificate === 'required' };
}

function externalTokens(env: Record<string, string | undefined>): ServerConfig['externalTokens'] {
  const jwksUrl = env.SANDBOX_JWKS_URL?.trim();
  if (!jwksUrl) {
    const orphan = ['SANDBOX_TOKEN_ISSUER', 'SANDBOX_TOKEN_AUDIENCE'].find((name) => env[name]?.trim());
    if (orphan) throw new ServerConfigError(`${orphan}: set without SANDBOX_JWKS_URL`);
    return undefined;
  }
  if (!/^https?:\/\/[^/\s]+/.test(jwksUrl))
    throw new ServerConfigError(`SANDBOX_JWKS_URL: "${jwksUrl}" is not an http(s) URL`);
  return {
    jwksUrl,
    ...(env.SANDBOX_TOKEN_ISSUER?.trim() ? { issuer: env.SANDBOX_TOKEN_ISSUER.trim() } : {}),
    ...(env.SANDBOX_TOKEN_AUDIENCE?.trim() ? { audience: env.SANDBOX_TOKEN_AUDIENCE.trim() } : {}),
  };
}

/** SANDBOX_NETWORK: one way's delay in ms, `60` or a range `40-80` (each chunk drawn evenly in it). */
function networkDelay(value: string | undefined): NetworkDelay | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off') return undefined;
  const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(text);
  const [minMs, maxMs] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [NaN, NaN];
  if (!m || minMs > maxMs || maxMs > 10_000)
    throw new ServerConfigError(
      `SANDBOX_NETWORK: "${text}" is not a delay each way in ms (off, 60, or 40-80 for 40 to 80; at most 10000)`
    );
  return { minMs, maxMs };
}

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim()))
    throw new ServerConfigError(`${name}: "${value}" is not a whole number (${min} to ${max})`);
  const n = Number(value.trim());
  if (n < min || n > max) throw new ServerConfigError(`${name}: ${n} is out of range (${min} to ${max})`);
  return n;
}

export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const host = (env.SANDBOX_HOST ?? '').trim() || '127.0.0.1';
  if (/\s|\/|:\/\//.test(host))
    throw new ServerConfigError(`SANDBOX_HOST: "${host}" is not a host name or address (e.g. 127.0.0.1)`);
  const latencyText = (env.SANDBOX_LATENCY ?? '').trim() || 'off';
  const tls = tlsSettings(env);
  const tokens = externalTokens(env);
  const network = networkDelay(env.SANDBOX_NETWORK);
  return {
    port: wholeNumber('SANDBOX_PORT', env.SANDBOX_PORT, sandboxDefaults.port, 0, 65535),
    host,
    faults: Faults.parse(env.SANDBOX_FAULTS),
    variants: Variants.parse(env.SANDBOX_VARIANTS),
    latency: parseLatency(latencyText),
    latencyText,
    ...(network ? { network } : {}),
    tokenTtlSeconds: wholeNumber('SANDBOX_TOKEN_TTL', env.SANDBOX_TOKEN_TTL, DEFAULT_TOKEN_TTL_SECONDS, 1, 31_536_000),
    // Up to 36 hours, the document's longest order completion.
    orderCompletionSeconds: wholeNumber('SANDBOX_ORDER_COMPLETION', env.SANDBOX_ORDER_COMPLETION, 0, 0, 129_600),
    poolCards: wholeNumber('SANDBOX_POOL_CARDS', env.SANDBOX_POOL_CARDS, sandboxDefaults.poolCards, 0, 5_000),
    ...(tls ? { tls } : {}),
    ...(tokens ? { externalTokens: tokens } : {}),
  };
}
