/**
 * The unmeasured side of a perf run: preparing and cleaning up state (find pool cards, create the
 * customers a scenario will close, unblock what a scenario blocked). Plain fetch with the one
 * token of the run; every 2xx answer of an operation with a latency key is counted in `answered`, so the accuracy
 * self-test knows which of the sandbox's injected delays belong to the measured requests.
 */
import { fillPath, operations, type LatencyKey, type OperationId } from '../lib/operations.js';

export interface SetupResponse<T = unknown> {
  status: number;
  body: T;
}

export class SetupError extends Error {
  override name = 'SetupError';
}

export class SetupApi {
  /**
   * 2xx answers per latency key, setup and measured requests together (the runner adds each
   * phase's). The sandbox draws one injected delay per 2xx answer of an operation, in order.
   */
  readonly answered = new Map<string, number>();

  constructor(
    readonly baseUrl: string,
    private readonly token: () => Promise<string>,
    readonly signal?: AbortSignal,
  ) {}

  async headers(): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await this.token()}`, accept: 'application/json' };
  }

  /** Calls an operation of lib/operations.ts; never throws on a status, only on a network failure. */
  async call<T = unknown>(
    id: OperationId,
    options: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<SetupResponse<T>> {
    const op = operations[id] as { method: string; path: string; latencyKey?: LatencyKey };
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)] as [string, string]))}` : '';
    const url = `${this.baseUrl}${fillPath(op.path, options.params)}${query}`;
    const response = await fetch(url, {
      method: op.method,
      headers: { ...(await this.headers()), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: this.signal ? AbortSignal.any([this.signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
    });
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
      throw new SetupError(`setup: ${id} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
    }
    return response.body;
  }
}

/** Runs `work` over `items` with at most `limit` at a time (setup load stays gentle). */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
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
