/**
 * The stand-in of a test environment as a company exposes it, each piece in a process of its own:
 * a forward proxy with credentials that alone resolves the internal host names (proof/field/proxy.ts),
 * an identity provider on another host issuing short-lived JWTs (proof/field/idp.ts), and
 * `npm run sandbox` behind them over HTTPS from a throwaway CA, requiring a client certificate and
 * accepting only the provider's tokens (SANDBOX_TLS, SANDBOX_CLIENT_CERT, SANDBOX_JWKS_URL). `env`
 * is what a user of that environment writes in .env (docs/test-environment.md), pointed at it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxDefaults } from '../../sandbox/defaults.js';
import { issue, PKI_FILES } from '../../sandbox/pki.js';
import { type Service, startService } from '../tests/selftest/harness.js';

export const API_HOST = 'fleet-test.example';
export const IDP_HOST = 'idp.example';
/** Resolved by the proxy too, but not covered by the sandbox's certificate. */
export const OTHER_HOST = 'fleet-other.example';
export const PROXY_USER = 'ci-runner';
export const PROXY_PASSWORD = 'proxy-pass:w0rd@corp';
export const KEY_PASSPHRASE = 'client-key-passphrase';
export const SCOPE = 'fleet';
export const AUDIENCE = 'fleet-api';

export interface ChainOptions {
  /** Seconds a token lives (shorter than the run, to see it refreshed). */
  tokenTtl: number;
  /** SANDBOX_* of the sandbox (variants, latency). */
  sandbox?: Record<string, string>;
  /** More arguments of the identity provider (--no-expires-in). */
  idp?: string[];
  /** The folder of the checkout whose sandbox and tools run (a fresh clone). */
  cwd?: string;
}

export interface Chain {
  pki: string;
  proxy: Service;
  idp: Service;
  sandbox: Service;
  proxyPort: number;
  /** The .env of the enterprise case, pointed at the stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The client certificate of the CI system: its key encrypted, as such keys usually are. */
async function ciClient(pki: string): Promise<{ cert: string; key: string }> {
  const ca = {
    cert: readFileSync(join(pki, PKI_FILES.ca), 'utf8'),
    key: readFileSync(join(pki, PKI_FILES.caKey), 'utf8'),
  };
  const pem = await issue(ca, { commonName: 'ci-runner', passphrase: KEY_PASSPHRASE });
  const files = { cert: join(pki, 'ci-client.pem'), key: join(pki, 'ci-client-key.pem') };
  writeFileSync(files.cert, pem.cert);
  writeFileSync(files.key, pem.key, { mode: 0o600 });
  return files;
}

export async function startChain(options: ChainOptions): Promise<Chain> {
  const pki = mkdtempSync(join(tmpdir(), 'fleet-field-pki-'));
  const started: Service[] = [];
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
  try {
    const proxy = await startService(
      'proof/field/proxy.ts',
      [
        '--user',
        PROXY_USER,
        '--password',
        PROXY_PASSWORD,
        '--hosts',
        [API_HOST, IDP_HOST, OTHER_HOST].map((h) => `${h}=127.0.0.1`).join(','),
      ],
      {},
      /fleet proxy on (http:\/\/\S+)/,
      options.cwd
    );
    started.push(proxy);
    const idp = await startService(
      'proof/field/idp.ts',
      [
        '--pki',
        pki,
        '--host',
        IDP_HOST,
        '--auth',
        'client_secret_basic',
        '--scopes',
        SCOPE,
        '--audience',
        AUDIENCE,
        '--ttl',
        String(options.tokenTtl),
        ...(options.idp ?? []),
      ],
      {},
      /fleet idp on (https:\/\/\S+)/,
      options.cwd
    );
    started.push(idp);
    const idpPort = new URL(idp.url).port;
    const sandbox = await startService(
      'sandbox/server.ts',
      [],
      {
        SANDBOX_PORT: '0',
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_TLS: pki,
        SANDBOX_TLS_HOSTS: API_HOST,
        SANDBOX_CLIENT_CERT: 'required',
        // The gateway's own way to the provider, inside the company's network: not through the proxy.
        SANDBOX_JWKS_URL: `https://localhost:${idpPort}/jwks`,
        SANDBOX_TOKEN_ISSUER: idp.url,
        SANDBOX_TOKEN_AUDIENCE: AUDIENCE,
        ...options.sandbox,
      },
      /fleet sandbox on (https:\/\/\S+)/,
      options.cwd
    );
    started.push(sandbox);
    const client = await ciClient(pki);
    const proxyPort = Number(new URL(proxy.url).port);
    return {
      pki,
      proxy,
      idp,
      sandbox,
      proxyPort,
      stop,
      env: {
        FLEET_TARGET: 'test',
        FLEET_BASE_URL: sandbox.url,
        FLEET_TOKEN_URL: `${idp.url}/token`,
        FLEET_TOKEN_AUTH: 'client_secret_basic',
        FLEET_TOKEN_SCOPE: SCOPE,
        FLEET_TOKEN_AUDIENCE: AUDIENCE,
        FLEET_CLIENT_ID: sandboxDefaults.clientId,
        FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
        FLEET_CA_FILE: join(pki, PKI_FILES.ca),
        FLEET_CLIENT_CERT: client.cert,
        FLEET_CLIENT_KEY: client.key,
        FLEET_CLIENT_KEY_PASSPHRASE: KEY_PASSPHRASE,
        HTTPS_PROXY: `http://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${proxyPort}`,
        FLEET_SESSION_IDS: sandboxDefaults.fieldSessionIds.join(','),
        FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
        FLEET_FOREIGN_CUSTOMER: sandboxDefaults.foreignCustomer,
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
