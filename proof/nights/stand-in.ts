/**
 * The stand-in test environment: `npm run sandbox` in a process of its own on a free port, with
 * the document's latencies scaled down and the variants (and, for a night that plants one, the
 * fault) asked for: out of process, slower, with choices of its own, as the real test
 * environment is; and the repository variables and secrets a nightly needs to reach it.
 */
import { sandboxDefaults } from '../../sandbox/defaults.js';
import { startListener } from '../listener.js';
import type { RepositorySettings } from '../workflow/vars.js';

export interface StandInOptions {
  /** SANDBOX_LATENCY (e.g. `doc,scale=0.1`). */
  latency: string;
  variants: string[];
  faults: string[];
  /** The checkout whose sandbox runs (its node_modules). */
  cwd: string;
  /** More SANDBOX_* settings (a pool's size, a token's life); they win over the above. */
  env?: Record<string, string>;
}

export interface StandIn {
  baseUrl: string;
  /** What `npm run sandbox` said when it started. */
  banner: string;
  stop(): Promise<void>;
}

export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SANDBOX_PORT: '0',
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_LATENCY: options.latency,
    ...(options.variants.length ? { SANDBOX_VARIANTS: options.variants.join(',') } : {}),
    ...(options.faults.length ? { SANDBOX_FAULTS: options.faults.join(',') } : {}),
    ...options.env,
  };
  const server = await startListener({
    script: 'sandbox',
    env,
    cwd: options.cwd,
    listening: /fleet sandbox on (http:\/\/\S+).*/,
  });
  return { baseUrl: server.url, banner: server.banner, stop: server.stop };
}

/** What a repository of ours would hold to point the nightly at the stand-in (README, "Nightly regression gate"). */
export function standInSettings(baseUrl: string, vars: Record<string, string> = {}): RepositorySettings {
  return {
    vars: {
      FLEET_BASE_URL: baseUrl,
      FLEET_SESSION_IDS: sandboxDefaults.fieldSessionIds.join(','),
      FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
      FLEET_FOREIGN_CUSTOMER: sandboxDefaults.foreignCustomer,
      ...vars,
    },
    secrets: {
      FLEET_CLIENT_ID: sandboxDefaults.clientId,
      FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
      FLEET_FOREIGN_CLIENT_ID: sandboxDefaults.foreignClientId,
      FLEET_FOREIGN_CLIENT_SECRET: sandboxDefaults.foreignClientSecret,
    },
  };
}

/** The settings as a --vars file of npm run workflow. */
export function settingsFile(settings: RepositorySettings): string {
  const lines = (kind: 'vars' | 'secrets') =>
    Object.entries(settings[kind]).map(([k, v]) => `${kind}.${k}=${JSON.stringify(v)}`);
  return `${[...lines('vars'), ...lines('secrets')].join('\n')}\n`;
}
