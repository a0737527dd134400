/**
 * The sandbox's own settings (SANDBOX_PORT, SANDBOX_HOST, SANDBOX_FAULTS, SANDBOX_VARIANTS,
 * SANDBOX_LATENCY, SANDBOX_TOKEN_TTL, SANDBOX_ORDER_COMPLETION, SANDBOX_POOL_CARDS), read and checked once: by
 * server.ts, and by the sandboxes hosted in process (sandbox/host.ts).
 */
import { DEFAULT_TOKEN_TTL_SECONDS } from './app.js';
import { sandboxDefaults } from './defaults.js';
import { Faults } from './faults.js';
import { parseLatency, type DelayFor } from './latency.js';
import { Variants } from './variants.js';

export class ServerConfigError extends Error {}

export interface ServerConfig {
  port: number;
  host: string;
  faults: Faults;
  variants: Variants;
  latency: DelayFor | undefined;
  latencyText: string;
  tokenTtlSeconds: number;
  /** 0: ordered cards exist at once (Ordered); otherwise they show up, Active, this many seconds after the order. */
  orderCompletionSeconds: number;
  /** Active cards seeded in the card pool (SANDBOX_POOL_CARDS). */
  poolCards: number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ServerConfigError(`${name}: "${value}" is not a whole number (${min} to ${max})`);
  const n = Number(value.trim());
  if (n < min || n > max) throw new ServerConfigError(`${name}: ${n} is out of range (${min} to ${max})`);
  return n;
}

export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const host = (env.SANDBOX_HOST ?? '').trim() || '127.0.0.1';
  if (/\s|\/|:\/\//.test(host)) throw new ServerConfigError(`SANDBOX_HOST: "${host}" is not a host name or address (e.g. 127.0.0.1)`);
  const latencyText = (env.SANDBOX_LATENCY ?? '').trim() || 'off';
  return {
    port: wholeNumber('SANDBOX_PORT', env.SANDBOX_PORT, sandboxDefaults.port, 0, 65535),
    host,
    faults: Faults.parse(env.SANDBOX_FAULTS),
    variants: Variants.parse(env.SANDBOX_VARIANTS),
    latency: parseLatency(latencyText),
    latencyText,
    tokenTtlSeconds: wholeNumber('SANDBOX_TOKEN_TTL', env.SANDBOX_TOKEN_TTL, DEFAULT_TOKEN_TTL_SECONDS, 1, 31_536_000),
    // Up to 36 hours, the document's longest order completion.
    orderCompletionSeconds: wholeNumber('SANDBOX_ORDER_COMPLETION', env.SANDBOX_ORDER_COMPLETION, 0, 0, 129_600),
    poolCards: wholeNumber('SANDBOX_POOL_CARDS', env.SANDBOX_POOL_CARDS, sandboxDefaults.poolCards, 0, 5_000),
  };
}
