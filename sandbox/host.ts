/**
 * A sandbox hosted inside the calling process on a free loopback port: the embedded sandbox of a
 * conformance run (Playwright's global setup) and the faulty sandboxes of the self-tests. The port
 * is the kernel's choice (0), so that no two of them, nor `npm run sandbox` on 4010, ever collide.
 * With SANDBOX_NETWORK the address is the network's in front of it (network.ts), closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { startNetwork } from './network.js';
import { readServerConfig, type ServerConfig } from './server-config.js';

export interface HostedSandbox {
  app: FastifyInstance;
  baseUrl: string;
  config: ServerConfig;
}

/** Hosts a sandbox with the given SANDBOX_* settings (SANDBOX_PORT and SANDBOX_HOST aside) on 127.0.0.1, a free port. */
export async function hostSandbox(settings: Record<string, string | undefined>): Promise<HostedSandbox> {
  const config = readServerConfig(settings);
  const app = await buildApp({
    faults: config.faults,
    variants: config.variants,
    latency: config.latency,
    tokenTtlSeconds: config.tokenTtlSeconds,
    orderCompletionSeconds: config.orderCompletionSeconds,
    poolCards: config.poolCards,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (!config.network) return { app, baseUrl: `http://127.0.0.1:${port}`, config };
  const network = await startNetwork(config.network, { host: '127.0.0.1', port }, { host: '127.0.0.1', port: 0 });
  app.server.once('close', () => void network.close());
  return { app, baseUrl: `http://127.0.0.1:${network.port}`, config };
}
