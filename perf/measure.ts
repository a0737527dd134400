/**
 * The fixed-arrival-rate driver: autocannon's connections, released one request at a time on an
 * evenly spaced schedule (slot i is due at t0 + i/rate), never in per-second bursts and never
 * closed-loop.
 *
 * Why not autocannon's own rate options: `overallRate`/`connectionRate` reset a per-connection
 * quota every second, so each second's requests leave in a burst, and each connection still waits
 * for its previous answer (a slow server slows the arrivals: coordinated omission, which autocannon
 * then patches with synthetic histogram samples). Instead:
 *   - autocannon opens `connections` keep-alive sockets once per run (enough for rate × the slowest
 *     expected answer; ConnectionPool); `setupClient` intercepts each connection's "send the next
 *     request" step, so an idle connection waits in the pool instead of sending at once;
 *   - a timer releases slot i at its due time on an idle connection; the request itself is built by
 *     the scenario at that moment (`requests[0].setupRequest`), so stateful scenarios can pick a card
 *     that is ready;
 *   - each request's latency is recorded from autocannon's `response` event (fractional ms), from the
 *     slot's due time when it left late (no idle connection, busy event loop), otherwise from when it
 *     left: a stalled server shows the stall in every request that arrived during it, and no slot
 *     ever disappears (a late one is counted as late and still measured);
 *   - autocannon's own result (whole-ms percentiles, synthetic samples) is not used at all.
 * The schedule is proven by proof/tests/perf/measure.test.ts (inter-arrival times seen by a server, a
 * 1 s stall).
 */

import { isIP, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import autocannon from 'autocannon';

export interface PlannedRequest {
  /** Operation the sample counts toward (a latency key, or a label such as `overhead`). */
  op: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** False for warm-up requests: sent on schedule, not counted. */
  counted: boolean;
  /** Sent without the pool's Authorization header (a probe the server answers without work). */
  withoutToken?: boolean;
  /** Called with the answer (or the failure) so a stateful scenario can update its state. */
  onDone?: (outcome: Outcome) => void;
}

export type Outcome = { status: number; body: string } | { error: string };

export interface Sample {
  slot: number;
  op: string;
  counted: boolean;
  /** Due time of the slot, ms since the schedule's t0. */
  intendedAt: number;
  /** When the request was written, ms since t0 (absent when it was never sent). */
  sentAt?: number;
  /** Latency in ms: answer time − min(due time, send time). */
  latencyMs?: number;
  /** autocannon's own measure (write → last byte), fractional ms. */
  serviceMs?: number;
  status?: number;
  error?: string;
  /** This answer was the op's n-th 2xx answer from the target (0-based; set by the runner, for the accuracy self-test). */
  streamIndex?: number;
}

export interface PoolOptions {
  /** http(s)://host:port of the target. */
  origin: string;
  headers: Record<string, string>;
  /** Keep-alive connections: enough for the highest rate × the slowest expected answer. */
  connections: number;
  /** Per-request timeout, seconds (default 20). */
  requestTimeoutS?: number;
  /** Allow a TLS certificate that does not verify (never for remote targets). */
  insecureTls?: boolean;
  /** Where the sockets connect instead of the origin (a relay through the proxy, lib/transport/relay.ts); TLS server name and Host stay the origin's. */
  connectTo?: { host: string; port: number };
  /** The sockets' TLS options: the trusted CAs and the client certificate (lib/transport/clients.ts). */
  tls?: { ca?: string[]; cert?: string; key?: string; passphrase?: string };
}

/** autocannon's url, TLS server name and Host header for the pool's sockets: the origin's, or a relay's standing in for it. */
export function routeOf(options: Pick<PoolOptions, 'origin' | 'connectTo'>): {
  url: string;
  servername?: string;
  host: Record<string, string>;
} {
  if (!options.connectTo) return { url: options.origin, host: {} };
  const origin = new URL(options.origin);
  return {
    url: `${origin.protocol}//${options.connectTo.host}:${options.connectTo.port}`,
    ...(isIP(origin.hostname) ? {} : { servername: origin.hostname }),
    host: { host: origin.host },
  };
}

export interface ScheduleOptions {
  /** Arrivals per second (all slots together). */
  rate: number;
  slots: number;
  /** Builds slot i's request when it is due; undefined when the scenario has nothing it may send. */
  plan: (slot: number) => PlannedRequest | undefined;
  signal?: AbortSignal;
}

export type DriveOptions = Omit<PoolOptions, 'connections'> & ScheduleOptions & { connections?: number };

export interface DriveResult {
  samples: Sample[];
  /** Slots whose scenario had nothing to send. */
  starved: number;
  /** Slots that left more than 5 ms after their due time (all still measured from their due time). */
  late: number;
  connections: number;
  interrupted: boolean;
  /** Wall time of the schedule plus drain, ms. */
  wallMs: number;
}

/** Late by more than this: counted in `late` (the latency includes the lateness either way). */
const LATE_MS = 5;

/** The parts of autocannon's per-connection Client this driver relies on (autocannon 9 lib/httpClient.js). */
interface AcClient {
  _doRequest: (...args: unknown[]) => void;
  _resetConnection: () => void;
  reqsMade: number;
  destroyed: boolean;
  conn?: Socket | TLSSocket;
  secure: boolean;
  pipelinedRequests?: { clear(): void; size(): number };
  requestIterator: { rebuildRequest(): unknown };
  /** http-parser-js's HTTPParser, one per client, kept across its connections. */
  parser: { type: string; initialize(type: string): void; [callback: number]: () => void };
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** http-parser-js's index of the "message complete" callback (HTTPParser.kOnMessageComplete). */
const ON_MESSAGE_COMPLETE = 4;

/** One schedule's bookkeeping: its samples and the requests it still waits for. */
interface Phase {
  samples: Sample[];
  t0: number;
  outstanding: Set<InFlight>;
}

interface InFlight {
  phase: Phase;
  client: AcClient;
  sample: Sample;
  request: PlannedRequest;
  /** performance.now() at due time and at send. */
  due: number;
  sentAbs: number;
  body?: string;
}

interface Queued {
  slot: number;
  request: PlannedRequest;
  due: number;
  phase: Phase;
}

export function defaultConnections(rate: number, slots: number): number {
  return Math.max(2, Math.min(slots, Math.ceil(rate * 6) + 4, 2000));
}

/**
 * A pool of autocannon connections that send only when released. One pool serves a whole run
 * (phase after phase, no reconnecting in between); `schedule` runs one fixed-rate phase on it.
 */
export class ConnectionPool {
  private readonly idle: AcClient[] = [];
  private readonly idleSet = new Set<AcClient>();
  private readonly waitingForSocket = new Set<AcClient>();
  private readonly inFlight = new Map<AcClient, InFlight>();
  private readonly backlog: Queued[] = [];
  private readonly originals = new Map<AcClient, (...args: unknown[]) => void>();
  private readonly lastError = new Map<AcClient, string>();
  private readonly guarded = new WeakSet<AcClient>();
  private pending: InFlight | undefined;
  private closed = false;
  private tlsProblem: string | undefined;
  private wake: (() => void) | undefined;
  private stopInstance: () => void = () => {};
  private readonly done: Promise<void>;
  private late = 0;
  private headers: Record<string, string>;
  readonly timeoutS: number;

  private constructor(
    readonly options: PoolOptions,
    maxSeconds: number
  ) {
    this.timeoutS = options.requestTimeoutS ?? 20;
    this.headers = { ...options.headers };
    const route = routeOf(options);
    this.done = new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: route.url,
          ...(route.servername ? { servername: route.servername } : {}),
          ...(options.tls ? { tlsOptions: options.tls } : {}),
          connections: options.connections,
          pipelining: 1,
          // autocannon's own timeout re-arms only when a connection writes, so it would also fire on
          // idle connections, all at once (they were opened together): a burst of reconnects in the
          // middle of a measurement. It is set past the pool's life; requests time out in schedule().
          timeout: Math.ceil(maxSeconds) + 60,
          // A hard bound on the whole pool's life; close() stops it earlier.
          duration: Math.ceil(maxSeconds),
          sampleInt: 100,
          requests: [
            {
              setupRequest: (request, context) => {
                const flight = this.pending;
                if (!flight) return { ...request, method: 'GET', path: '/' }; // pre-built placeholder, never sent
                (context as { flight?: InFlight }).flight = flight;
                const body = flight.request.body === undefined ? undefined : JSON.stringify(flight.request.body);
                const headers = flight.request.withoutToken
                  ? Object.fromEntries(
                      Object.entries(this.headers).filter(([name]) => name.toLowerCase() !== 'authorization')
                    )
                  : this.headers;
                return {
                  ...request,
                  method: flight.request.method,
                  path: flight.request.path,
                  headers: {
                    ...request.headers,
                    ...route.host,
                    ...headers,
                    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                  },
                  body: body ?? Buffer.alloc(0),
                };
              },
              onResponse: (_status: number, body: string, context: object) => {
                const flight = (context as { flight?: InFlight }).flight;
                if (flight) flight.body = body;
              },
            },
          ],
          setupClient: (raw) => {
            const client = raw as unknown as AcClient;
            if (
              typeof client._doRequest !== 'function' ||
              typeof client._resetConnection !== 'function' ||
              !client.requestIterator
            ) {
              throw new Error(
                'autocannon internals changed (Client._doRequest); perf/measure.ts supports autocannon 9'
              );
            }
            this.originals.set(client, client._doRequest);
            client._doRequest = () => this.intercept(client);
            client.on('connError', (e) =>
              this.lastError.set(client, `connection error: ${(e as Error).message ?? String(e)}`)
            );
          },
        },
        (err) => (err ? reject(err) : resolve())
      );
      // Each answer's latency, from its `response` event (autocannon's own histogram is not used).
      instance.on('response', (raw, statusCode, _bytes, responseTime) => {
        const client = raw as unknown as AcClient;
        const flight = this.inFlight.get(client);
        if (!flight) return;
        this.inFlight.delete(client);
        this.finish(flight, { status: statusCode, body: flight.body ?? '' }, responseTime);
      });
      this.stopInstance = () => instance.stop();
    });
    this.done.catch(() => undefined);
  }

  /** Opens the connections and resolves once they are up (or after 3 s). */
  static async open(options: PoolOptions, maxSeconds: number): Promise<ConnectionPool> {
    const pool = new ConnectionPool(options, maxSeconds);
    await pool.waitFor(() => pool.idle.length >= options.connections, performance.now() + 3000);
    if (pool.tlsProblem) {
      await pool.close();
      throw new Error(pool.tlsProblem);
    }
    return pool;
  }

  /** Headers of the requests released from now on (e.g. a refreshed bearer token between phases). */
  setHeaders(headers: Record<string, string>): void {
    this.headers = { ...headers };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notify();
    this.stopInstance();
    await this.done.catch(() => undefined);
  }

  private notify(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private waitFor(condition: () => boolean, deadline: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          this.wake = undefined;
          resolve();
        },
        Math.max(0, deadline - performance.now())
      );
      const check = () => {
        if (condition() || performance.now() >= deadline || signal?.aborted || this.tlsProblem || this.closed) {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
          return;
        }
        this.wake = check;
      };
      check();
    });
  }

  private finish(flight: InFlight, outcome: Outcome, serviceMs?: number): void {
    const now = performance.now();
    flight.phase.outstanding.delete(flight);
    flight.sample.latencyMs = now - Math.min(flight.due, flight.sentAbs);
    if (serviceMs !== undefined) flight.sample.serviceMs = serviceMs;
    if ('status' in outcome) flight.sample.status = outcome.status;
    else flight.sample.error = outcome.error;
    try {
      flight.request.onDone?.(outcome);
    } catch (e) {
      flight.sample.error ??= `scenario: ${(e as Error).message}`;
    }
    this.notify();
  }

  private send(client: AcClient, queued: Queued): void {
    const { slot, request, due, phase } = queued;
    const sentAbs = performance.now();
    const sample: Sample = {
      slot,
      op: request.op,
      counted: request.counted,
      intendedAt: due - phase.t0,
      sentAt: sentAbs - phase.t0,
    };
    if (sentAbs - due > LATE_MS) this.late += 1;
    phase.samples.push(sample);
    const flight: InFlight = { phase, client, sample, request, due, sentAbs };
    phase.outstanding.add(flight);
    this.inFlight.set(client, flight);
    this.lastError.delete(client);
    this.pending = flight;
    try {
      // The first request of a connection was pre-built when autocannon created it: build it again now.
      if (client.reqsMade === 0) client.requestIterator.rebuildRequest();
      this.originals.get(client)!.call(client);
    } finally {
      this.pending = undefined;
    }
  }

  private makeIdle(client: AcClient): void {
    // A client with a request out comes back through _doRequest after its answer: never idle twice.
    if (this.closed || client.destroyed || this.idleSet.has(client) || this.inFlight.has(client)) return;
    const queued = this.backlog.shift();
    if (queued) {
      this.send(client, queued);
      return;
    }
    this.idleSet.add(client);
    this.idle.push(client);
    this.notify();
  }

  /**
   * An answer with no request out (a 408 to a connection unused for the server's headers timeout,
   * just before it closes it) is no one's: never taken for a request's, never a crash of
   * autocannon's. Set once the client is built (its constructor sets the parser's callbacks last).
   */
  private guard(client: AcClient): void {
    if (this.guarded.has(client)) return;
    this.guarded.add(client);
    const complete = client.parser[ON_MESSAGE_COMPLETE]!;
    client.parser[ON_MESSAGE_COMPLETE] = () => (client.pipelinedRequests?.size() ? complete() : undefined);
  }

  /** autocannon calls this whenever a connection would send its next request. */
  private intercept(client: AcClient): void {
    this.guard(client);
    const lost = this.inFlight.get(client);
    if (lost) {
      // A new send without an answer to the previous one: connection closed, reset or timed out.
      this.inFlight.delete(client);
      client.pipelinedRequests?.clear();
      this.finish(lost, { error: this.lastError.get(client) ?? 'connection closed without an answer' });
      this.lastError.delete(client);
    }
    const conn = client.conn;
    if (conn?.connecting) {
      // Reconnecting (idle too long, or closed by the server): not usable until the socket is up.
      // The parser outlives the old socket: what it was reading there (a 408 read to its close) is gone.
      client.parser.initialize(client.parser.type);
      if (this.idleSet.delete(client)) this.idle.splice(this.idle.indexOf(client), 1);
      if (this.waitingForSocket.has(client)) return;
      this.waitingForSocket.add(client);
      const ready = () => {
        this.waitingForSocket.delete(client);
        if (client.secure && !this.options.insecureTls && !(conn as TLSSocket).authorized) {
          this.tlsProblem = `TLS certificate of ${this.options.origin} not verified (${String((conn as TLSSocket).authorizationError)}); no request was sent`;
          this.notify();
          return;
        }
        this.makeIdle(client);
      };
      conn.once(client.secure ? 'secureConnect' : 'connect', ready);
      conn.once('close', () => this.waitingForSocket.delete(client));
      return;
    }
    this.makeIdle(client);
  }

  /** Runs one phase: slot i is due at t0 + i/rate; resolves when every answer is in (or timed out). */
  async schedule(options: ScheduleOptions): Promise<DriveResult> {
    const { rate, slots, plan, signal } = options;
    if (!(rate > 0)) throw new RangeError('schedule: rate must be > 0');
    if (this.closed) throw new Error('schedule: the connection pool is closed');
    const interval = 1000 / rate;
    const aborted = () => signal?.aborted === true;
    const onAbort = () => this.notify();
    signal?.addEventListener('abort', onAbort);
    const started = performance.now();
    const lateBefore = this.late;
    let starved = 0;
    let released = 0;
    const t0 = performance.now() + 5;
    const phase: Phase = { samples: [], t0, outstanding: new Set() };
    const samples = phase.samples;
    // Per-request timeout: an answer later than timeoutS is an error; its connection starts afresh.
    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const flight of [...phase.outstanding]) {
        if (now - flight.sentAbs < this.timeoutS * 1000 || this.inFlight.get(flight.client) !== flight) continue;
        this.inFlight.delete(flight.client);
        this.finish(flight, { error: 'timeout' });
        flight.client._resetConnection();
      }
    }, 100);
    try {
      await new Promise<void>((resolve) => {
        const tick = () => {
          if (aborted() || this.tlsProblem || this.closed) {
            resolve();
            return;
          }
          const now = performance.now();
          // Release every slot that is due (to within 0.5 ms: timers fire on whole milliseconds).
          while (released < slots && t0 + released * interval <= now + 0.5) {
            const slot = released;
            released += 1;
            const request = plan(slot);
            if (!request) {
              starved += 1;
              continue;
            }
            const queued: Queued = { slot, request, due: t0 + slot * interval, phase };
            const client = this.idle.pop();
            if (client) {
              this.idleSet.delete(client);
              this.send(client, queued);
            } else {
              this.backlog.push(queued); // no idle connection: sent as soon as one is, measured from its due time
            }
          }
          if (released >= slots) {
            resolve();
            return;
          }
          setTimeout(tick, Math.max(0, t0 + released * interval - performance.now() - 0.5));
        };
        tick();
      });
      if (this.tlsProblem) throw new Error(this.tlsProblem);
      // Drain: wait for every answer (a request outlives its timeout only as an error).
      await this.waitFor(
        () => phase.outstanding.size === 0 && this.backlog.length === 0,
        performance.now() + (aborted() ? 2000 : this.timeoutS * 1000 + 2000),
        signal
      );
    } finally {
      clearInterval(watchdog);
      signal?.removeEventListener('abort', onAbort);
      // Whatever is still out belongs to no later phase: an error here, ignored when it answers.
      for (const [client, flight] of this.inFlight) {
        if (flight.phase !== phase) continue;
        flight.sample.error = aborted() ? 'interrupted' : 'no answer before the phase ended';
        if (aborted()) flight.sample.counted = false;
        this.inFlight.delete(client);
      }
      for (const queued of this.backlog.splice(0)) {
        samples.push({
          slot: queued.slot,
          op: queued.request.op,
          counted: false,
          intendedAt: queued.due - t0,
          error: 'never sent',
        });
      }
    }
    samples.sort((a, b) => a.slot - b.slot);
    return {
      samples,
      starved,
      late: this.late - lateBefore,
      connections: this.options.connections,
      interrupted: aborted(),
      wallMs: performance.now() - started,
    };
  }
}

/** One phase on its own pool (opened and closed around it). */
export async function drive(options: DriveOptions): Promise<DriveResult> {
  const connections = options.connections ?? defaultConnections(options.rate, options.slots);
  const pool = await ConnectionPool.open(
    {
      origin: options.origin,
      headers: options.headers,
      connections,
      ...(options.requestTimeoutS ? { requestTimeoutS: options.requestTimeoutS } : {}),
      ...(options.insecureTls ? { insecureTls: true } : {}),
    },
    options.slots / options.rate + (options.requestTimeoutS ?? 20) + 30
  );
  try {
    return await pool.schedule(options);
  } finally {
    await pool.close();
  }
}
