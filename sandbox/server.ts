/**
 * The sandbox's listener for `npm run sandbox` (a conformance run and the self-tests host theirs
 * in process on free ports: host.ts). Reads and checks SANDBOX_PORT, SANDBOX_HOST, SANDBOX_FAULTS,
 * SANDBOX_VARIANTS, SANDBOX_LATENCY, SANDBOX_TOKEN_TTL, SANDBOX_ORDER_COMPLETION and SANDBOX_POOL_CARDS once; a bad
 * value prints one line naming the variable and exits 1. Closes cleanly on SIGINT and SIGTERM.
 */
import { buildApp } from './app.js';
import { FaultConfigError } from './faults.js';
import { LatencyConfigError } from './latency.js';
import { readServerConfig, ServerConfigError, type ServerConfig } from './server-config.js';
import { VariantConfigError } from './variants.js';

function fail(message: string): never {
  process.stderr.write(`fleet sandbox: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = readServerConfig(process.env);
  } catch (e) {
    if (e instanceof ServerConfigError || e instanceof FaultConfigError || e instanceof LatencyConfigError || e instanceof VariantConfigError) fail(e.message);
    throw e;
  }
  const app = await buildApp({ faults: config.faults, variants: config.variants, latency: config.latency, tokenTtlSeconds: config.tokenTtlSeconds, orderCompletionSeconds: config.orderCompletionSeconds, poolCards: config.poolCards });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`SANDBOX_PORT: ${config.port} is already in use on ${config.host} (${code})`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') fail(`SANDBOX_HOST: cannot listen on "${config.host}" (${code})`);
    if (code === 'EACCES') fail(`SANDBOX_PORT: no permission to listen on port ${config.port} (${code})`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(e as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const faults = config.faults.ids.length ? config.faults.ids.join(',') : 'none';
  const variants = config.variants.ids.length ? config.variants.ids.join(',') : 'none';
  process.stdout.write(`fleet sandbox on http://${shownHost}:${port} (faults: ${faults}, variants: ${variants}, latency: ${config.latencyText}, token ttl: ${config.tokenTtlSeconds}s`
    + `${config.orderCompletionSeconds ? `, orders complete after ${config.orderCompletionSeconds}s` : ''}, card pool: ${config.poolCards} Active cards)\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => {
        process.stdout.write(`fleet sandbox: stopped (${signal})\n`);
        process.exit(0);
      },
      (e: Error) => fail(`error while closing: ${e.message}`),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: Error) => fail(`cannot start: ${e.message}`));
