/**
 * The sandbox's listener for `npm run sandbox` (a conformance run and the self-tests host theirs
 * in process on free ports: host.ts). Reads and checks its SANDBOX_* settings once
 * (server-config.ts); a bad value prints one line naming the variable and exits 1. With SANDBOX_TLS
 * it serves HTTPS with throwaway certificates made at start (pki.ts) and says where they are. With
 * SANDBOX_NETWORK the port is a network's in front of it (network.ts), the server on a free one behind.
 * Closes cleanly on SIGINT and SIGTERM. With --print-env it prints, instead, the .env of a full run
 * against it as a stand-in test environment (stand-in-env.ts).
 */
import { join } from 'node:path';
import { type BuildOptions, buildApp } from './app.js';
import { FaultConfigError } from './faults.js';
import { LatencyConfigError } from './latency.js';
import { type Network, startNetwork } from './network.js';
import { ensurePki, PKI_FILES, type SandboxPki } from './pki.js';
import { readServerConfig, type ServerConfig, ServerConfigError } from './server-config.js';
import { standInEnv } from './stand-in-env.js';
import { VariantConfigError } from './variants.js';

function fail(message: string): never {
  process.stderr.write(`fleet sandbox: ${message}\n`);
  process.exit(1);
}

/** HTTPS and external tokens, as server-config.ts read them; the certificates made now when missing. */
async function exposure(
  config: ServerConfig
): Promise<{ options: Pick<BuildOptions, 'https' | 'externalTokens'>; pki?: SandboxPki }> {
  const pki = config.tls ? await ensurePki(config.tls.dir, config.tls.hosts) : undefined;
  return {
    options: {
      ...(pki ? { https: { ...pki.server, ca: pki.ca.cert, requestCert: config.tls!.clientCertificate } } : {}),
      ...(config.externalTokens
        ? {
            externalTokens: {
              ...config.externalTokens,
              ...(pki ? { ca: [pki.ca.cert] } : {}),
              onExpired: () => process.stdout.write('fleet sandbox: 401 to an expired token\n'),
            },
          }
        : {}),
    },
    ...(pki ? { pki } : {}),
  };
}

/** The second line of the banner: where the certificates are and which tokens count. */
function exposureLine(config: ServerConfig, pki: SandboxPki | undefined): string | undefined {
  const parts = [
    pki &&
      `certificates in ${pki.dir}${pki.made.length ? ` (made now: ${pki.made.join(', ')})` : ''}: FLEET_CA_FILE=${join(pki.dir, PKI_FILES.ca)}, FLEET_CLIENT_CERT=${join(pki.dir, PKI_FILES.client)}, FLEET_CLIENT_KEY=${join(pki.dir, PKI_FILES.clientKey)} (a client certificate ${config.tls!.clientCertificate ? 'required' : 'not required'}); server certificate for ${config.tls!.hosts.join(', ')}`,
    config.externalTokens &&
      `tokens: only JWTs of ${config.externalTokens.jwksUrl}${config.externalTokens.issuer ? `, issuer ${config.externalTokens.issuer}` : ''}${config.externalTokens.audience ? `, audience ${config.externalTokens.audience}` : ''} (no token endpoint of its own)`,
  ].filter(Boolean);
  return parts.length ? `fleet sandbox: ${parts.join('; ')}` : undefined;
}

/** The host in the URL the banner and --print-env give: over HTTPS the certificate's first name (a bare address is verified only if it covers it). */
const shownHostOf = (config: ServerConfig) =>
  config.tls ? config.tls.hosts[0]! : config.host.includes(':') ? `[${config.host}]` : config.host;

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = readServerConfig(process.env);
  } catch (e) {
    if (
      e instanceof ServerConfigError ||
      e instanceof FaultConfigError ||
      e instanceof LatencyConfigError ||
      e instanceof VariantConfigError
    )
      fail(e.message);
    throw e;
  }
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--print-env');
  if (unknown.length) fail(`unknown argument ${unknown[0]} (the only one: --print-env)`);
  if (args.length) {
    if (config.port === 0) fail('--print-env: SANDBOX_PORT=0 picks the port at start; give it a port');
    process.stdout.write(
      standInEnv(`${config.tls ? 'https' : 'http'}://${shownHostOf(config)}:${config.port}`, config.tls?.dir)
    );
    return;
  }
  let exposed: Awaited<ReturnType<typeof exposure>>;
  try {
    exposed = await exposure(config);
  } catch (e) {
    fail(`SANDBOX_TLS: cannot make or read the certificates in ${config.tls?.dir}: ${(e as Error).message}`);
  }
  const app = await buildApp({
    faults: config.faults,
    variants: config.variants,
    latency: config.latency,
    tokenTtlSeconds: config.tokenTtlSeconds,
    orderCompletionSeconds: config.orderCompletionSeconds,
    poolCards: config.poolCards,
    ...exposed.options,
  });
  let network: Network | undefined;
  try {
    // Behind a network, the server on a free loopback port and the network where it was asked.
    await app.listen(config.network ? { port: 0, host: '127.0.0.1' } : { port: config.port, host: config.host });
    if (config.network) {
      const behind = app.server.address();
      network = await startNetwork(
        config.network,
        { host: '127.0.0.1', port: typeof behind === 'object' && behind ? behind.port : 0 },
        { host: config.host, port: config.port }
      );
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`SANDBOX_PORT: ${config.port} is already in use on ${config.host} (${code})`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      fail(`SANDBOX_HOST: cannot listen on "${config.host}" (${code})`);
    if (code === 'EACCES') fail(`SANDBOX_PORT: no permission to listen on port ${config.port} (${code})`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(e as Error).message}`);
  }
  const address = app.server.address();
  const port = network?.port ?? (typeof address === 'object' && address ? address.port : config.port);
  const shownHost = shownHostOf(config);
  const faults = config.faults.ids.length ? config.faults.ids.join(',') : 'none';
  const variants = config.variants.ids.length ? config.variants.ids.join(',') : 'none';
  process.stdout.write(
    `fleet sandbox on ${config.tls ? 'https' : 'http'}://${shownHost}:${port} (faults: ${faults}, variants: ${variants}, latency: ${config.latencyText}${config.network ? `, behind a network of ${config.network.minMs}-${config.network.maxMs} ms each way` : ''}, token ttl: ${config.tokenTtlSeconds}s` +
      `${config.orderCompletionSeconds ? `, orders complete after ${config.orderCompletionSeconds}s` : ''}, card pool: ${config.poolCards} Active cards)\n`
  );
  const line = exposureLine(config, exposed.pki);
  if (line) process.stdout.write(`${line}\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    Promise.all([app.close(), network?.close()]).then(
      () => {
        process.stdout.write(`fleet sandbox: stopped (${signal})\n`);
        process.exit(0);
      },
      (e: Error) => fail(`error while closing: ${e.message}`)
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: Error) => fail(`cannot start: ${e.message}`));
