/**
 * Latency at no extra load: every request the conformance run's client sends is timed (send to
 * whole answer) and kept per worker; each test's teardown attaches what its worker sent since the
 * last test (`fleet-latency.json`), so a sharded run's samples travel in its blob reports and the
 * merge brings every shard's together, as it does findings and footprints. The latency reporter
 * turns them into a second, passive series per operation: the 2xx answers, each with the number
 * of the run's requests in flight when it left. Not a fixed arrival rate: the run's own pace.
 */
import type { TestInfo } from '@playwright/test';
import type { TestResult } from '@playwright/test/reporter';
import { type LatencyKey, type OperationId, operations } from '../operations.js';

export const LATENCY_ATTACHMENT = 'fleet-latency.json';

/** One request as sent: operation, start (epoch ms), latency (ms, 0.1), status (0: no answer). */
export type SentRecord = [operationId: string, at: number, ms: number, status: number];

/** What one worker's client sent since the last test's teardown. */
export class SentLog {
  private records: SentRecord[] = [];

  async timed<R extends { status(): number }>(operationId: OperationId, send: () => Promise<R>): Promise<R> {
    const at = Date.now();
    const t0 = performance.now();
    let status = 0;
    try {
      const response = await send();
      status = response.status();
      return response;
    } finally {
      this.records.push([operationId, at, Math.round((performance.now() - t0) * 10) / 10, status]);
    }
  }

  take(): SentRecord[] {
    const taken = this.records;
    this.records = [];
    return taken;
  }
}

/** The client's one call: `send()`, timed into `log` when there is one. */
export function timed<R extends { status(): number }>(
  log: SentLog | undefined,
  operationId: OperationId,
  send: () => Promise<R>
): Promise<R> {
  return log ? log.timed(operationId, send) : send();
}

/** Attaches what the worker sent since the last test to the test that just ended. */
export async function attachSent(testInfo: TestInfo, log: SentLog): Promise<void> {
  const records = log.take();
  if (records.length)
    await testInfo.attach(LATENCY_ATTACHMENT, { body: JSON.stringify(records), contentType: 'application/json' });
}

/** The records a test result carries (a reporter's view; also after merge-reports). */
export function sentOf(result: TestResult): SentRecord[] {
  return result.attachments
    .filter((a) => a.name === LATENCY_ATTACHMENT && a.body)
    .flatMap((a) => JSON.parse(a.body!.toString('utf8')) as SentRecord[]);
}

export interface PassiveSamples {
  operation: LatencyKey;
  /** Latencies of the 2xx answers, ms. */
  latencies: number[];
  /** Requests of the run in flight when each of them left (itself included). */
  inFlight: number[];
}

/** How many values of an ascending array are at most `x`. */
function countAtMost(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The 2xx samples of every operation with a latency target the run used, with the run's requests in flight at each one's start. */
export function passiveSamples(records: readonly SentRecord[]): PassiveSamples[] {
  const starts = records.map((r) => r[1]).sort((a, b) => a - b);
  const ends = records.map((r) => r[1] + r[2]).sort((a, b) => a - b);
  const byKey = new Map<LatencyKey, PassiveSamples>();
  for (const [operationId, at, ms, status] of records) {
    const key = (operations as Record<string, { latencyKey?: LatencyKey }>)[operationId]?.latencyKey;
    if (!key) continue;
    // An operation the run used without a 2xx answer is there too, with no samples.
    const series = byKey.get(key) ?? { operation: key, latencies: [], inFlight: [] };
    byKey.set(key, series);
    if (status < 200 || status > 299) continue;
    series.latencies.push(ms);
    // Started by then, not yet answered: `at` counts itself among the starts and not among the ends.
    series.inFlight.push(Math.max(1, countAtMost(starts, at) - countAtMost(ends, at)));
  }
  return [...byKey.values()];
}
