/**
 * For a client that opens its sockets itself and knows nothing of proxies (perf's load driver): a
 * listener on 127.0.0.1 whose every connection is one CONNECT tunnel through the proxy to the
 * target, opened the way the reach check opens it. The client speaks TLS to the target
 * inside it (servername and Host of the target), so the relay only carries bytes; nothing connects
 * around the proxy.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tunnel } from './reach.js';
import type { ProxySetting } from './settings.js';

export interface Relay {
  host: string;
  port: number;
  /** Tunnels that could not be opened (each closed its client's connection), with why. */
  failures: string[];
  close(): Promise<void>;
}

export async function openRelay(proxy: ProxySetting, target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<Socket>();
  const failures: string[] = [];
  const server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    tunnel(proxy, target).then(
      (upstream) => {
        sockets.add(upstream);
        upstream.once('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      },
      (e: Error) => {
        failures.push(e.message);
        client.destroy();
      }
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    failures,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
