/**
 * The unmeasured side of a perf run: preparing and cleaning up state (find pool cards, create the
 * customers a scenario will close, unblock what a scenario blocked). Plain fetch with the one
 * token of the run; every 2xx answer of an operation with a latency key is counted in `answered`, so the accuracy
 * self-test knows which of the sandbox's injected delays belong to the measured requests.
 * `footprint` counts every request of the run, set-up and measured, and what it left on the target.
 */
import { countRequest, emptyFootprint } from '../lib/footprint.js';
import { fillPath, type LatencyKey, type OperationId, operations } from '../lib/operations.js';

export interface SetupResponse<T = unknown> {
  status: number;
  body: T;
}

/** A set-up request the target refused or failed (`status` absent: no answer). */
export class SetupError extends Error {
  override name = 'SetupError';

  constructor(
    message: string,
    readonly status?: number
  ) {
    super(message);
  }
}

/**
 * The run cannot measure an operation here, for a reason that is no fault of the target (no cards
 * it may consume, orders that complete later, the write budget, the production guard): the
 * operation is reported as not measured, with this message as the reason, and never fails the gate.
 */
export class NotMeasurable extends Error {
  override name = 'NotMeasurable';
}

const byLatencyKey = new Map(
  (Object.keys(operations) as OperationId[])
    .filter((id) => 'latencyKey' in operations[id])
    .map((id) => [(operations[id] as { latencyKey: LatencyKey }).latencyKey, id])
);

/** The operation of a latency-table row. */
export const operationOf = (key: LatencyKey): OperationId => byLatencyKey.get(key)!;

export class SetupApi {
  /**
   * 2xx answers per latency key, setup and measured requests together (the runner adds each
   * phase's). The sandbox draws one injected delay per 2xx answer of an operation, in order.
   */
  readonly answered = new Map<string, number>();
  /** Every request of the run (the runner adds the measured ones) and what it created and changed. */
  readonly footprint = emptyFootprint();

  constructor(
    readonly baseUrl: string,
    private readonly token: () => Promise<string>,
    /** The production guard: operations that write are refused before they are sent. */
    readonly readOnly = false,
    /** The fetch of the configured transport (CA, client certificate, proxy: lib/transport/clients.ts). */
    private readonly fetchImpl: typeof fetch = fetch
  ) {}

  async headers(): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await this.token()}`, accept: 'application/json' };
  }

  /** Calls an operation of lib/operations.ts; never throws on a status, only on a network failure. */
  async call<T = unknown>(
    id: OperationId,
    options: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown } = {}
  ): Promise<SetupResponse<T>> {
    const op = operations[id] as { method: string; path: string; latencyKey?: LatencyKey; readOnly: boolean };
    if (this.readOnly && !op.readOnly)
      throw new NotMeasurable(
        `production guard (FLEET_TARGET=production): ${id} writes, and the perf run writes nothing there`
      );
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)] as [string, string]))}`
      : '';
    const url = `${this.baseUrl}${fillPath(op.path, options.params)}${query}`;
    const response = await this.fetchImpl(url, {
      method: op.method,
      headers: {
        ...(await this.headers()),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(30_000),
    }).catch((e: Error) => {
      countRequest(this.footprint, id, undefined, options.body);
      throw e;
    });
    countRequest(this.footprint, id, response.status, options.body);
    if (op.latencyKey && response.ok) this.answered.set(op.latencyKey, (this.answered.get(op.latencyKey) ?? 0) + 1);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: response.status, body: body as T };
  }

  /** Like call, but a non-2xx answer is a SetupError naming the operation. */
  async must<T = unknown>(id: OperationId, options: Parameters<SetupApi['call']>[1] = {}): Promise<T> {
    const response = await this.call<T>(id, options);
    if (response.status < 200 || response.status > 299) {
      throw new SetupError(
        `setup: ${id} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`,
        response.status
      );
    }
    return response.body;
  }
}

/** Runs `work` over `items` with at most `limit` at a time (setup load stays gentle). */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}
