/**
 * SANDBOX_NETWORK: a network between the clients and the sandbox, for a stand-in of a remote test
 * environment (a CI runner in another region, a company's gateway): a TCP relay in front of the
 * listener that holds every chunk, each way, for a delay drawn between two bounds (40 to 80 ms
 * each way: a round trip of 80 to 160 ms), in order (a chunk never overtakes the one before it).
 * The server neither sees nor counts it: its own time (SANDBOX_LATENCY) is unchanged, and what a
 * client sees is the server's time plus a network's (register ASSUME-LATENCY-MEASURE). TLS passes
 * through untouched.
 */
import { connect, createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { mulberry32 } from './latency.js';

/** One way's delay, ms: drawn evenly between the bounds for every chunk. */
export interface NetworkDelay {
  minMs: number;
  maxMs: number;
}

export interface Network {
  port: number;
  close(): Promise<void>;
}

/** `from`'s bytes written to `to`, each chunk `delay()` later than it arrived and never before the one ahead of it. */
function delayedPipe(from: Socket, to: Socket, delay: () => number): void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    while (queue.length && queue[0]!.at <= performance.now() + 0.5) {
      const { chunk } = queue.shift()!;
      if (to.destroyed) continue;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length) timer = setTimeout(flush, Math.max(0, queue[0]!.at - performance.now()));
  };
  const hold = (chunk: Buffer | null) => {
    const at = Math.max(queue.at(-1)?.at ?? 0, performance.now() + delay());
    queue.push({ at, chunk });
    if (timer === undefined) timer = setTimeout(flush, Math.max(0, at - performance.now()));
  };
  from.on('data', (chunk: Buffer) => hold(chunk));
  from.on('end', () => hold(null));
}

/** A relay on `listen` to `upstream` that delays each way by `delay` (seeded draws: the same run, the same delays). */
export async function startNetwork(
  delay: NetworkDelay,
  upstream: { host: string; port: number },
  listen: { host: string; port: number }
): Promise<Network> {
  const uniform = mulberry32(1);
  const draw = () => delay.minMs + (delay.maxMs - delay.minMs) * uniform();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const target = connect(upstream);
    for (const socket of [client, target]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // One side gone: the other goes too, as a broken network path would take it.
      socket.on('error', () => (socket === client ? target : client).destroy());
    }
    delayedPipe(client, target, draw);
    delayedPipe(target, client, draw);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : listen.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
