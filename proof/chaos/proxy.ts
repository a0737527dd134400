/**
 * The chaos layer: a reverse proxy (mockttp) in front of a target that injects, at seeded rates,
 * what a real test environment's gateway does on a bad night: a 502 or a 504 with an HTML page
 * (the request never forwarded), a connection reset before forwarding, a reset after the server
 * answered (the write happened, the answer is lost), a pause of several seconds, and the first
 * token requests answered 503. Every event it injects goes to `onEvent`.
 */
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CompletedRequest, getLocal, type Mockttp } from 'mockttp';
import { chaosDice } from './dice.js';
import type { ChaosEvent } from './events.js';
import type { ChaosKind, ChaosOptions } from './options.js';

export interface ChaosProxy {
  url: string;
  /** Requests received so far. */
  requests(): number;
  /** Calm: every request forwarded as it is, nothing drawn; after it the draws go on where they stopped. */
  calm(on: boolean): void;
  stop(): Promise<void>;
}

export class TargetUnreachableError extends Error {}

/** The document's token path, under the base address (interface document, Authentication 2). */
const TOKEN_PATH = /\/protocol\/openid-connect\/token(\?|$)/;

/** What a gateway (nginx here) answers when the service behind it fails: an HTML page, never the document's JSON. */
function gatewayPage(status: number, text: string) {
  return {
    statusCode: status,
    headers: { 'content-type': 'text/html', 'cache-control': 'no-store' },
    body: `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}

/** Resolves when a TCP connection to the target opens; a TargetUnreachableError otherwise. */
export function probeTarget(target: URL, timeoutMs = 5000): Promise<void> {
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ''), port });
    const fail = (why: string) => {
      socket.destroy();
      reject(new TargetUnreachableError(`target ${target.origin} unreachable (${why})`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
  });
}

/** Whether a TCP connection to host:port opens. */
function opens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Where clients should reach the layer. mockttp takes a client whose address and port are those of
 * one of its own upstream connections for a loop and answers 500 itself; on one loopback both ends
 * are 127.0.0.1 and the kernel may give both the same port. Clients of a loopback target reach the
 * layer over the other loopback (IPv6 for an IPv4 target), so that the two can never match.
 */
async function clientHost(target: URL, port: number): Promise<string> {
  const { address } = await lookup(target.hostname.replace(/^\[|\]$/g, '')).catch(() => ({ address: '' }));
  if (address === '::1') return '127.0.0.1';
  return address.startsWith('127.') && (await opens('::1', port)) ? '[::1]' : '127.0.0.1';
}

export async function startChaosProxy(
  options: ChaosOptions,
  onEvent: (event: ChaosEvent) => void
): Promise<ChaosProxy> {
  const dice = chaosDice(options.seed, options.rates, options.pauseMs);
  const base = `${options.target.origin}${options.target.pathname.replace(/\/$/, '')}`;
  let seq = 0;
  let tokenRequests = 0;
  let calm = false;
  /** Requests to reset once the server's answer is in, by mockttp's request id. */
  const resetAfter = new Map<string, { seq: number; method: string; path: string }>();
  const event = (
    kind: ChaosKind,
    seqNo: number,
    req: { method: string; path: string },
    extra: Partial<ChaosEvent> = {}
  ) =>
    onEvent({
      time: new Date().toISOString(),
      seq: seqNo,
      kind,
      method: req.method,
      path: req.path,
      reachedServer: kind === 'pause' || kind === 'reset-after',
      ...extra,
    });

  const server: Mockttp = getLocal({ recordTraffic: false });
  await server.forAnyRequest().thenPassThrough({
    beforeRequest: async (req: CompletedRequest) => {
      const n = ++seq;
      const aimed = !options.only || (req.method === options.only.method && req.path.startsWith(options.only.path));
      const thrown = calm || !aimed ? {} : dice();
      if (!calm && req.method === 'POST' && TOKEN_PATH.test(req.path) && ++tokenRequests <= options.tokenFailures) {
        event('token-503', n, req);
        return { response: gatewayPage(503, 'Service Temporarily Unavailable') };
      }
      switch (thrown.kind) {
        case 'gateway-502':
          event('gateway-502', n, req);
          return { response: gatewayPage(502, 'Bad Gateway') };
        case 'gateway-504':
          event('gateway-504', n, req);
          return { response: gatewayPage(504, 'Gateway Time-out') };
        case 'reset-before':
          event('reset-before', n, req);
          return { response: 'reset' };
        case 'pause':
          await sleep(thrown.pauseMs);
          event('pause', n, req, { ms: thrown.pauseMs! });
          break;
        case 'reset-after':
          resetAfter.set(req.id, { seq: n, method: req.method, path: req.path });
          break;
      }
      // The body in one write, not streamed: a server that answers before reading a large body and
      // closes (the sandbox's 400 for 2 MB) would otherwise break the stream (EPIPE) and mockttp
      // would answer 502 itself, an event nobody injected.
      return { url: `${base}${req.path}`, ...(req.body.buffer.length ? { rawBody: req.body.buffer } : {}) };
    },
    beforeResponse: (res, req) => {
      const planned = resetAfter.get(req.id);
      if (!planned) return undefined;
      resetAfter.delete(req.id);
      event('reset-after', planned.seq, planned, { status: res.statusCode });
      return 'reset';
    },
  });
  await server.start(options.port);
  return {
    url: `http://${await clientHost(options.target, server.port)}:${server.port}`,
    requests: () => seq,
    calm: (on) => {
      calm = on;
    },
    stop: () => server.stop(),
  };
}
