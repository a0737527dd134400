/**
 * The FleetClient: every request a spec makes goes through `call`, which authenticates, refuses
 * writes in production, records the exchange and runs the check registry on the response. A check
 * failing for a rule the running test names throws a ConformanceError naming the rule, the request
 * and the response; one failing for another rule is a finding of that rule for the ledger
 * (lib/ledger.ts), and the test goes on.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { AuthError, type TokenProvider } from './auth.js';
import { runChecks, type Finding } from './checks/index.js';
import type { Config } from './config.js';
import type { Exchange, Query, RecordedRequest } from './exchange.js';
import type { BudgetGuard } from './budget.js';
import { timed, type SentLog } from './latency/passive.js';
import type { Observer } from './ledger.js';
import { fillPath, operation, type OperationId } from './operations.js';
import { REDACTED, scrubSeen, type SecretRegistry } from './report/redact.js';
import { curlTransport, replayBaseUrl, replayText } from './report/replay.js';
import { MAX_SENDS, MAX_TOTAL_WAIT_MS, retryAfterMs, type Throttled } from './throttle.js';
import type { SchemaRegistry } from './validation.js';

export type { Query } from './exchange.js';

const TOKEN_RULE = 'AUTH-TOKEN-CLIENT-CREDENTIALS';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Query;
  /** A JSON body. */
  body?: unknown;
  /** A body sent exactly as given (malformed JSON, another media type). */
  rawBody?: string;
  contentType?: string;
  /** `token` (default): a valid bearer token; `none`: no Authorization header; or the header's exact value. */
  auth?: 'token' | 'none' | { authorization: string };
  /** A path sent as given instead of the filled template (hostile path parameters). */
  rawPath?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string>;
  exchange: Exchange;
  /** Failures of rules the running test does not name, found in this answer (they are the ledger's findings). */
  breaches: Finding[];
}

export class ProductionGuardError extends Error {
  override name = 'ProductionGuardError';
}

export class ConformanceError extends Error {
  override name = 'ConformanceError';
  constructor(readonly findings: Finding[], readonly exchange: Exchange, secrets: SecretRegistry) {
    super(secrets.scrub(formatViolation(findings, exchange)));
  }
}

/** Where exchanges go: drift, and the violations that fail the test (the fixture attaches them). */
export interface ExchangeSink {
  record(exchange: Exchange, drift: Finding[], violations: Finding[]): Promise<void>;
}

export interface ClientDeps {
  request: APIRequestContext;
  config: Pick<Config, 'baseUrl' | 'target' | 'customerListFields' | 'geoParamNames' | 'sandbox' | 'sandboxPort' | 'transport'>;
  tokens: TokenProvider;
  schemas: SchemaRegistry;
  secrets: SecretRegistry;
  sink?: ExchangeSink;
  /** Which rules are the running test's own, and where failures of the others go; without one every failure throws. */
  observer?: Observer;
  /** FLEET_WRITE_BUDGET at work: a write over it is not sent. */
  budget?: BudgetGuard;
  /** Every request timed for the latency series at no extra load (lib/latency/passive.ts). */
  sent?: SentLog;
}

const MAX_SHOWN = 2000;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? '';
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text;
}

/** The request and response of an exchange, and a curl that replays it, shown in failures (bodies cut at 2,000 characters, known secrets masked). */
export function formatExchange(exchange: Exchange): string {
  const { request, response } = exchange;
  const requestBody = request.rawBody ?? (request.body === undefined ? '' : show(request.body));
  return scrubSeen([
    `request:  ${request.method} ${request.path}${requestBody ? `\n${requestBody}` : ''}`,
    replayText(exchange.replayBaseUrl, request),
    `response: ${response.status} ${response.headers['content-type'] ?? '(no content-type)'}${response.text ? `\n${show(response.isJson ? response.body : response.text)}` : ''}`,
  ].join('\n'));
}

export function formatViolation(findings: Finding[], exchange: Exchange): string {
  const lines = findings.map((f) => {
    const detail = [f.received !== undefined && `received: ${f.received}`, f.documented && `documented: ${f.documented}`].filter(Boolean).join('; ');
    return `[${f.rule}] ${f.check}: ${f.title}${detail ? ` (${detail})` : ''}`;
  });
  return [...lines, formatExchange(exchange)].join('\n');
}

function toQueryString(query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
}

export class FleetClient {
  /** How a replay of this client's requests reaches the target (curl's options). */
  private readonly replayTransport: string;

  constructor(protected readonly deps: ClientDeps) {
    this.replayTransport = curlTransport(deps.config.transport, replayBaseUrl(deps.config));
  }

  /** Sends one request of `operationId`, checks the response, and returns it. */
  async call<T = unknown>(operationId: OperationId, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const op = operation(operationId);
    if (this.deps.config.target === 'production' && !op.readOnly) {
      throw new ProductionGuardError(`production guard: ${op.method} ${op.path} (${operationId}) writes and is refused with FLEET_TARGET=production`);
    }
    const overBudget = this.deps.budget?.refusal(operationId, options.body);
    if (overBudget) {
      if (this.deps.observer) throw this.deps.observer.block(undefined, overBudget);
      throw new Error(overBudget);
    }
    const path = (options.rawPath ?? fillPath(op.path, options.params)) + toQueryString(options.query);
    const auth = options.auth ?? 'token';
    if (auth !== 'token') return this.check<T>(await this.send(operationId, op.method, path, options, auth));
    const token = await this.token();
    let exchange = await this.send(operationId, op.method, path, options, token);
    if (exchange.response.status === 401) {
      // The token may have died in flight or been revoked early: one fresh token, one repeat; a
      // second 401 means the target refuses what the token endpoint issues, and the client stops.
      this.deps.tokens.invalidate(token);
      const fresh = await this.token();
      exchange = await this.send(operationId, op.method, path, options, fresh);
      if (exchange.response.status === 401) throw this.tokenFailure(this.deps.tokens.rejectedFresh(fresh));
    }
    return this.check<T>(exchange);
  }

  /** A token; without one no request can be judged: the test is blocked by the token rule, unless it is the test's own. */
  private async token(): Promise<string> {
    try {
      return await this.deps.tokens.token();
    } catch (e) {
      throw this.tokenFailure(e);
    }
  }

  private tokenFailure(e: unknown): unknown {
    const { observer } = this.deps;
    if (!(e instanceof AuthError) || !observer) return e;
    if (!observer.owns(TOKEN_RULE)) return observer.block(TOKEN_RULE, e.message);
    return new AuthError(`[${TOKEN_RULE}] ${e.message}`, e.status);
  }

  /**
   * `response` of a request the test needs to have succeeded (set-up, discovery): when it did not,
   * the test is blocked by `rule` (by default the rule that promises the operation's success),
   * unless that rule is the test's own, which then fails. A 5xx is no refusal of what was asked
   * but the server's own failure: it blocks by the rule its answer broke (HTTP-STATUS-DOCUMENTED).
   */
  need<T>(response: ApiResponse<T>, what: string, rule = operation(response.exchange.operationId).successRule): ApiResponse<T> {
    if (response.status === operation(response.exchange.operationId).success) return response;
    const reason = `${what}: ${response.exchange.request.method} ${response.exchange.request.path.split('?')[0]} answered ${response.status}`;
    const blocking = (response.status >= 500 ? response.breaches[0]?.rule : undefined) ?? rule;
    const { observer } = this.deps;
    if (!observer || observer.owns(blocking)) throw new Error(this.deps.secrets.scrub(`[${blocking}] ${reason}\n${formatExchange(response.exchange)}`));
    throw observer.block(blocking, reason, response.exchange);
  }

  /**
   * `response` of a request whose whole answer the test relies on (it counts or compares what the
   * answer holds): an answer that broke another rule blocks the test by that rule.
   */
  intact<T>(response: ApiResponse<T>, what: string): ApiResponse<T> {
    const [broken] = response.breaches;
    if (!broken || !this.deps.observer) return response;
    throw this.deps.observer.block(broken.rule, `${what}: ${broken.title}`, response.exchange);
  }

  private claims(f: Finding): Finding | undefined {
    const { observer } = this.deps;
    if (!observer || observer.owns(f.rule)) return f;
    const rule = f.also?.find((r) => observer.owns(r));
    return rule ? { ...f, rule } : undefined;
  }

  private async check<T>(exchange: Exchange): Promise<ApiResponse<T>> {
    const op = operation(exchange.operationId);
    if (retryAfterMs(exchange.response.status, exchange.response.headers, 0) !== undefined) {
      // Still throttled after the retries: nothing the document states was judged.
      const reason = `throttled: ${exchange.request.method} ${exchange.request.path.split('?')[0]} answered ${exchange.response.status} after ${(exchange.throttled?.length ?? 0) + 1} sends`;
      await this.deps.sink?.record(exchange, [], []);
      if (this.deps.observer) throw this.deps.observer.block(undefined, reason, exchange);
      throw new Error(reason);
    }
    const findings = runChecks({ exchange, operation: op, schemas: this.deps.schemas, secrets: this.deps.secrets, config: this.deps.config });
    const failures = findings.filter((f) => f.kind === 'failure');
    const own = failures.map((f) => this.claims(f)).filter((f): f is Finding => f !== undefined);
    const others = failures.filter((f) => !own.some((o) => o.check === f.check && o.title === f.title));
    await this.deps.sink?.record(exchange, findings.filter((f) => f.kind === 'drift'), own);
    this.deps.observer?.observe(exchange, others);
    if (exchange.response.status >= 200 && exchange.response.status < 300) this.deps.budget?.spend(exchange.operationId, exchange.request.body);
    if (own.length) throw new ConformanceError(own, exchange, this.deps.secrets);
    return { status: exchange.response.status, body: exchange.response.body as T, headers: exchange.response.headers, exchange, breaches: others };
  }

  private async send(operationId: OperationId, method: string, path: string, options: CallOptions, auth: string | { authorization: string }): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth === 'none') {
      // no Authorization header at all
    } else if (typeof auth === 'string') {
      this.deps.secrets.add(auth);
      headers.authorization = `Bearer ${auth}`;
    } else if (typeof auth === 'object') {
      headers.authorization = auth.authorization;
    }
    let data: string | undefined;
    if (options.rawBody !== undefined) {
      data = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      data = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const startedAt = new Date();
    const throttled: Throttled[] = [];
    let response: APIResponse;
    for (let sends = 1; ; sends++) {
      response = await timed(this.deps.sent, operationId, () => this.deps.request.fetch(`${this.deps.config.baseUrl}${path}`, {
        method, headers, data, failOnStatusCode: false, maxRedirects: 0, timeout: 30_000,
      }));
      const wait = retryAfterMs(response.status(), response.headers(), sends - 1);
      const waited = throttled.reduce((ms, t) => ms + t.waitedMs, 0);
      if (wait === undefined || sends >= MAX_SENDS || waited + wait > MAX_TOTAL_WAIT_MS) break;
      throttled.push({ status: response.status(), waitedMs: wait });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const text = await response.text();
    let body: unknown;
    let isJson = false;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
      isJson = text.trim() !== '';
    } catch {
      body = undefined;
    }
    const request: RecordedRequest = {
      method, path, auth: auth === 'none' ? 'none' : typeof auth === 'string' ? 'token' : 'custom',
      headers: { ...headers, ...(headers.authorization ? { authorization: REDACTED } : {}) },
      ...(options.body !== undefined && options.rawBody === undefined ? { body: this.deps.secrets.redact(options.body) } : {}),
      ...(options.rawBody !== undefined ? { rawBody: this.deps.secrets.scrub(options.rawBody) } : {}),
      ...(options.rawBody !== undefined || options.rawPath !== undefined ? { asIs: true as const } : {}),
      ...(this.replayTransport ? { transport: this.replayTransport } : {}),
    };
    const exchange: Exchange = {
      operationId,
      replayBaseUrl: replayBaseUrl(this.deps.config),
      request,
      response: { status: response.status(), headers: response.headers(), text, body, isJson },
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      ...(throttled.length ? { throttled } : {}),
    };
    return exchange;
  }
}
