/**
 * The fixed-arrival-rate driver: keep-alive connections (undici's Pool, one request at a time on
 * each), released one request at a time on an evenly spaced schedule (slot i is due at
 * t0 + i/rate), never in per-second bursts and never closed-loop.
 *
 * Why not autocannon's rate options: `overallRate`/`connectionRate` reset a per-connection quota
 * every second, so each second's requests leave in a burst, and each connection still waits for its
 * previous answer (a slow server slows the arrivals: coordinated omission, which autocannon then
 * patches with synthetic histogram samples). Only public APIs are used here:
 *   - `connections` sockets are opened before the schedule starts (undici's `buildConnector`, the
 *     pool's own connector), so connecting is never measured; the pool takes them as it needs
 *     connections and opens more the same way when the server has closed some;
 *   - a timer releases slot i at its due time; no more requests are out than there are connections,
 *     so a released request is written at once (a slot with no free connection waits in the
 *     driver's backlog, measured from its due time); the request itself is built by the scenario at
 *     that moment, so stateful scenarios can pick a card that is ready;
 *   - each request's latency runs from the slot's due time (or from when it left, if earlier) to the
 *     answer's last byte (fractional ms): a stalled server shows the stall in every request that
 *     arrived during it, and no slot ever disappears (a late one is counted as late and still measured).
 * The schedule is proven by proof/tests/perf/measure.test.ts (inter-arrival times seen by a server, a
 * 1 s stall) and the measurement by npm run selftest:perf.
 */

import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import { buildConnector, Pool } from 'undici';

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
  /** From when the request was written to its answer's last byte, fractional ms. */
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

/** One schedule's bookkeeping: its samples and the requests it still waits for. */
interface Phase {
  samples: Sample[];
  t0: number;
  outstanding: Set<InFlight>;
}

interface InFlight {
  phase: Phase;
  sample: Sample;
  request: PlannedRequest;
  /** performance.now() at due time and at send. */
  due: number;
  sentAbs: number;
  abort: AbortController;
  timer?: NodeJS.Timeout;
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

const TLS_ERRORS = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

/**
 * A pool of keep-alive connections that send only when released. One pool serves a whole run
 * (phase after phase, no reconnecting in between); `schedule` runs one fixed-rate phase on it.
 */
export class ConnectionPool {
  private readonly pool: Pool;
  /** Opens a socket to the origin, or to the relay standing in for it (TLS server name and Host stay the origin's). */
  private readonly dial: buildConnector.connector;
  /** Sockets opened ahead, handed to the pool as it asks for connections. */
  private readonly spares: (Socket | TLSSocket)[] = [];
  private readonly backlog: Queued[] = [];
  private busy = 0;
  private closed = false;
  private late = 0;
  private headers: Record<string, string>;
  private wake: (() => void) | undefined;
  readonly timeoutS: number;

  private constructor(readonly options: PoolOptions) {
    this.timeoutS = options.requestTimeoutS ?? 20;
    this.headers = { ...options.headers };
    const connector = buildConnector({
      ...(options.tls ?? {}),
      rejectUnauthorized: !options.insecureTls,
      timeout: 10_000,
    });
    const to = options.connectTo;
    this.dial = (opts, callback) =>
      connector(to ? { ...opts, hostname: to.host, port: String(to.port) } : opts, callback);
    const connect: buildConnector.connector = (opts, callback) => {
      const spare = this.spares.pop();
      if (spare) {
        spare.removeAllListeners('readable').removeAllListeners('error').removeAllListeners('close');
        // Handed over on the next tick: the socket's reading state settles once its watcher is gone.
        process.nextTick(() => callback(null, spare));
        return;
      }
      this.dial(opts, callback);
    };
    this.pool = new Pool(options.origin, {
      connections: options.connections,
      pipelining: 1,
      connect,
      keepAliveTimeout: 600_000,
      // Timeouts are the driver's (per request, from when it left): undici's own are off.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  /** Opens the connections and resolves once they are up (or after 3 s). */
  static async open(options: PoolOptions): Promise<ConnectionPool> {
    const pool = new ConnectionPool(options);
    const origin = new URL(options.origin);
    const opts: buildConnector.Options = {
      protocol: origin.protocol,
      hostname: origin.hostname.replace(/^\[|\]$/g, ''),
      host: origin.host,
      port: origin.port || (origin.protocol === 'https:' ? '443' : '80'),
    };
    let tlsProblem: string | undefined;
    const opened = Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve) => {
          pool.dial(opts, (error, socket) => {
            if (error) {
              const code = (error as NodeJS.ErrnoException).code ?? '';
              if (options.origin.startsWith('https:') && TLS_ERRORS.test(code))
                tlsProblem = `TLS certificate of ${options.origin} not verified (${code}); no request was sent`;
            } else if (socket) pool.keepSpare(socket);
            resolve();
          });
        })
    );
    await Promise.race([Promise.all(opened), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    if (tlsProblem) {
      await pool.close();
      throw new Error(tlsProblem);
    }
    return pool;
  }

  /**
   * A socket opened ahead waits unused: if the server writes to it (a 408 to a connection that sent
   * nothing within its headers timeout) or closes it, it is nobody's connection and never handed out.
   */
  private keepSpare(socket: Socket | TLSSocket): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    const drop = () => {
      const i = this.spares.indexOf(socket);
      if (i >= 0) this.spares.splice(i, 1);
      socket.destroy();
    };
    socket.once('readable', drop).once('close', drop).on('error', drop);
    this.spares.push(socket);
  }

  /** Headers of the requests released from now on (e.g. a refreshed bearer token between phases). */
  setHeaders(headers: Record<string, string>): void {
    this.headers = { ...headers };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notify();
    for (const socket of this.spares.splice(0)) socket.destroy();
    await this.pool.destroy().catch(() => undefined);
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
        if (condition() || performance.now() >= deadline || signal?.aborted || this.closed) {
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
    clearTimeout(flight.timer);
    if (!flight.phase.outstanding.delete(flight)) return;
    this.busy -= 1;
    flight.sample.latencyMs = now - Math.min(flight.due, flight.sentAbs);
    if (serviceMs !== undefined) flight.sample.serviceMs = serviceMs;
    if ('status' in outcome) flight.sample.status = outcome.status;
    else flight.sample.error = outcome.error;
    try {
      flight.request.onDone?.(outcome);
    } catch (e) {
      flight.sample.error ??= `scenario: ${(e as Error).message}`;
    }
    const queued = this.backlog.shift();
    if (queued) this.send(queued);
    this.notify();
  }

  /** Gives a request up: its connection is closed by undici (an aborted request never reuses it). */
  private giveUp(flight: InFlight, why: string): void {
    flight.abort.abort();
    this.finish(flight, { error: why });
  }

  private send(queued: Queued): void {
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
    const flight: InFlight = { phase, sample, request, due, sentAbs, abort: new AbortController() };
    phase.outstanding.add(flight);
    this.busy += 1;
    flight.timer = setTimeout(() => this.giveUp(flight, 'timeout'), this.timeoutS * 1000);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = request.withoutToken
      ? Object.fromEntries(Object.entries(this.headers).filter(([name]) => name.toLowerCase() !== 'authorization'))
      : this.headers;
    this.pool
      .request({
        method: request.method,
        path: request.path,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body } : {}),
        signal: flight.abort.signal,
      })
      .then(async (answer) => {
        const text = await answer.body.text();
        this.finish(flight, { status: answer.statusCode, body: text }, performance.now() - sentAbs);
      })
      // A request given up (timed out, the phase ended) was finished then: this finds it done.
      .catch((e: Error) => {
        const cause = (e.cause as { message?: string } | undefined)?.message;
        this.finish(flight, { error: `connection error: ${cause ?? e.message}` });
      });
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
    try {
      await new Promise<void>((resolve) => {
        const tick = () => {
          if (aborted() || this.closed) {
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
            // No free connection: sent as soon as one is, measured from its due time.
            if (this.busy < this.options.connections) this.send(queued);
            else this.backlog.push(queued);
          }
          if (released >= slots) {
            resolve();
            return;
          }
          setTimeout(tick, Math.max(0, t0 + released * interval - performance.now() - 0.5));
        };
        tick();
      });
      // Drain: wait for every answer (a request outlives its timeout only as an error).
      await this.waitFor(
        () => phase.outstanding.size === 0 && this.backlog.length === 0,
        performance.now() + (aborted() ? 2000 : this.timeoutS * 1000 + 2000),
        signal
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // Whatever is still out belongs to no later phase: an error here.
      for (const queued of this.backlog.splice(0)) {
        samples.push({
          slot: queued.slot,
          op: queued.request.op,
          counted: false,
          intendedAt: queued.due - t0,
          error: 'never sent',
        });
      }
      for (const flight of [...phase.outstanding]) {
        this.giveUp(flight, aborted() ? 'interrupted' : 'no answer before the phase ended');
        if (aborted()) flight.sample.counted = false;
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
  const pool = await ConnectionPool.open({
    origin: options.origin,
    headers: options.headers,
    connections,
    ...(options.requestTimeoutS ? { requestTimeoutS: options.requestTimeoutS } : {}),
    ...(options.insecureTls ? { insecureTls: true } : {}),
  });
  try {
    return await pool.schedule(options);
  } finally {
    await pool.close();
  }
}
