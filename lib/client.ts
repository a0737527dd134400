/**
 * The FleetClient: every request a spec makes goes through `call`, which authenticates, refuses
 * writes in production, records the exchange and runs the check registry on the response. A check
 * failing for a rule the running test names throws a ConformanceError naming the rule, the request
 * and the response; one failing for another rule is a finding of that rule for the ledger
 * (lib/ledger.ts), and the test goes on. Every answer is attributed (lib/environment.ts,
 * whoAnswered): what the network and a gateway do to a request (a reset, a timeout, a gateway's
 * page) is never checked: a read is sent again, a write whose answer was lost is not, and what
 * cannot be outlasted is a TransientError. The server's own 5xx is always judged: a read is asked
 * again and a second 5xx stands; a write is read back first (performed: its 5xx stands at once),
 * else sent once more and a second 5xx stands. A server that keeps answering unavailable
 * (429, 503 with Retry-After) past the test's time is an UnavailableError.
 */
import { setTimeout as pause } from 'node:timers/promises';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { AuthError, TOKEN_RULE, type TokenProvider, TokenUnavailable } from './auth.js';
import type { BudgetGuard } from './budget.js';
import { bodyAsRead, readAbsentNulls } from './checks/absent-values.js';
import { sharedNumberFindings } from './checks/created-number-own.js';
import { type Finding, runChecks } from './checks/index.js';
import { sentAsValid } from './checks/status-code-conformance.js';
import type { Config, GeoParamNames } from './config.js';
import type { CreatedNumbers } from './created-numbers.js';
import {
  backoffMs,
  type EnvironmentEvent,
  TransientError,
  transportKind,
  UnavailableError,
  whoAnswered,
} from './environment.js';
import type { Exchange, Query, RecordedRequest } from './exchange.js';
import { judging, placing, showing } from './judgements.js';
import { type SentLog, timed } from './latency/passive.js';
import { NotRunError, type Observer } from './ledger.js';
import { fillPath, type Operation, type OperationId, operation } from './operations.js';
import { promisedIn } from './promised-values.js';
import { givenReadBack, outsideReadBack, type ReadBack, ReadBackUnknown } from './read-back-scope.js';
import { REDACTED, type SecretRegistry, scrubSeen } from './report/redact.js';
import { curlTransport, replayBaseUrl, replayText } from './report/replay.js';
import { MAX_SENDS, MAX_TOTAL_WAIT_MS, retryAfterMs, type Throttled } from './throttle.js';
import type { SchemaRegistry } from './validation.js';

export type { Query } from './exchange.js';

/** Sends of one request at most when the environment loses or spoils its answer. */
export const MAX_ATTEMPTS = 4;
/** The longest wait for one answer. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Writes that may be sent twice after an answer the environment lost: the same body leaves the
 * same state and gets the same answer (updateDetail has no condition). Block, unblock, close and
 * cancel have one (a second unblock finds the customer open), and creation, order, replace and PIN
 * letters make something new.
 */
const IDEMPOTENT: ReadonlySet<OperationId> = new Set(['updateCustomerDetail']);
/**
 * The pause before a 5xx of the server is repeated: time for a passing condition to pass. Once a
 * repeat of an operation failed the same way for this client, its next repeats follow at once.
 */
const REPEAT_PAUSE_MS = 300;

/** The first pause before a read is sent again (lib/environment.ts, backoffMs). */
const BACKOFF_MS = 300;

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
  /** Hostile input: a 5xx to it may be the input's doing (ROBUST-NO-5XX-ON-BAD-INPUT), as well as the server's. */
  hostile?: true;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** The body as read: a member written null is absent where the document does not state it present (ASSUME-NULL-VALUES). */
  body: T;
  /** Where the server wrote those nulls (JSON pointers into the body as received, `exchange`). */
  nulls: string[];
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
  constructor(
    readonly findings: Finding[],
    readonly exchange: Exchange,
    secrets: SecretRegistry
  ) {
    super(secrets.scrub(formatViolation(findings, exchange)));
    judging(this, [...new Set(findings.map((f) => f.rule))]);
  }
}

/** Where exchanges go: drift, and the violations that fail the test (the fixture attaches them). */
export interface ExchangeSink {
  record(exchange: Exchange, drift: Finding[], violations: Finding[]): Promise<void>;
}

export interface ClientDeps {
  request: APIRequestContext;
  config: Pick<Config, 'baseUrl' | 'target' | 'customerListFields' | 'sandbox' | 'sandboxPort' | 'transport'>;
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
  /** How a write of `operationId` is read back when its caller gave no read-back (lib/default-read-backs.ts); undefined: it cannot be. */
  readBacks?: { readBackOf(client: FleetClient, operationId: OperationId, options: CallOptions): ReadBack | undefined };
  /** The names the four unnamed geosearch parameters go under on this target (lib/geo-params.ts); without them, the client sends no geosearch through FleetApi. */
  geoParamNames?: () => Promise<GeoParamNames>;
  /** The account numbers the run's creations were answered (lib/created-numbers.ts). */
  numbers?: CreatedNumbers;
}

const MAX_SHOWN = 2000;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text;
}

/** The request and response of an exchange, and a curl that replays it, shown in failures (bodies cut at 2,000 characters, known secrets masked). */
export function formatExchange(exchange: Exchange): string {
  const { request, response } = exchange;
  const requestBody = request.rawBody ?? (request.body === undefined ? '' : show(request.body));
  const text = scrubSeen(
    [
      `request:  ${request.method} ${request.path}${requestBody ? `\n${requestBody}` : ''}`,
      replayText(exchange.replayBaseUrl, request),
      `response: ${response.status} ${response.headers['content-type'] ?? '(no content-type)'}${response.text ? `\n${show(response.isJson ? response.body : response.text)}` : ''}`,
      ...(exchange.repeatOf ?? []).map((e) => `the same request answered ${e.response.status} before (${e.startedAt})`),
      ...(exchange.readBack ? [readBackText(exchange.readBack)] : []),
      ...(exchange.refusedPromise
        ? [
            `sent once more without ${exchange.refusedPromise.promised.field}, it was accepted: ${exchange.refusedPromise.without.response.status}`,
          ]
        : []),
      ...(exchange.sentAgain
        ? [
            `sent once more, it was refused: ${exchange.sentAgain.response.status}${exchange.sentAgain.response.text ? `\n${show(exchange.sentAgain.response.isJson ? exchange.sentAgain.response.body : exchange.sentAgain.response.text)}` : ''}`,
          ]
        : []),
    ].join('\n')
  );
  // What the failure shows is kept as data: the ledger takes a failure back to the answers it shows.
  showing(exchange, text);
  return text;
}

function readBackText({ performed, exchange }: NonNullable<Exchange['readBack']>): string {
  const read = exchange
    ? `: ${exchange.request.method} ${exchange.request.path} → ${exchange.response.status}${exchange.response.text ? `\n${show(exchange.response.isJson ? exchange.response.body : exchange.response.text)}` : ''}`
    : '';
  return `read back after the 5xx: the write ${performed ? 'took effect' : 'did not take effect (sent once more)'}${read}`;
}

export function formatViolation(findings: Finding[], exchange: Exchange): string {
  const lines = findings.map((f) => {
    const detail = [
      f.received !== undefined && `received: ${f.received}`,
      f.documented && `documented: ${f.documented}`,
    ]
      .filter(Boolean)
      .join('; ');
    return `[${f.rule}] ${f.check}: ${f.title}${detail ? ` (${detail})` : ''}`;
  });
  return [...lines, formatExchange(exchange)].join('\n');
}

function toQueryString(query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).filter(
    (e): e is [string, string | number | boolean] => e[1] !== undefined
  );
  return entries.length
    ? `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
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
      throw new ProductionGuardError(
        `production guard: ${op.method} ${op.path} (${operationId}) writes and is refused with FLEET_TARGET=production`
      );
    }
    const overBudget = this.deps.budget?.refusal(operationId, options.body);
    // The suite's own limit: the test is not run (why), never blocked by the target.
    if (overBudget) throw new NotRunError(overBudget);
    const path = (options.rawPath ?? fillPath(op.path, options.params)) + toQueryString(options.query);
    const auth = options.auth ?? 'token';
    if (auth !== 'token') return this.check<T>(await this.sendOutlasting(op, path, options, auth));
    const token = await this.token();
    let exchange = await this.sendOutlasting(op, path, options, token);
    if (exchange.response.status === 401) {
      // The token may have died in flight or been revoked early: one fresh token, one repeat; a
      // second 401 means the target refuses what the token endpoint issues, and the client stops.
      this.deps.tokens.invalidate(token);
      const fresh = await this.token();
      exchange = await this.sendOutlasting(op, path, options, fresh);
      if (exchange.response.status === 401) throw this.tokenFailure(this.deps.tokens.rejectedFresh(fresh));
    }
    await this.askWithoutPromised(exchange, op, path, options, token);
    this.noteNumber(exchange, options);
    return this.check<T>(exchange);
  }

  /**
   * The account number a creation sent with the client's own token was answered is held for it
   * until its customer's close is answered (lib/created-numbers.ts). One another creation of the
   * run holds is kept on the exchange (CUST-CREATE-RETURNS-NUMBER); whether a later creation is
   * answered it too is looked at when the test ends.
   */
  private noteNumber(exchange: Exchange, options: CallOptions): void {
    const { numbers, observer } = this.deps;
    const { status, body } = exchange.response;
    if (!numbers || status < 200 || status >= 300) return;
    if (exchange.operationId === 'closeCustomer' && options.params?.customerAccountNumber !== undefined)
      numbers.letGo(String(options.params.customerAccountNumber), Date.parse(exchange.startedAt) + exchange.durationMs);
    const accountNumber = (body as { customerAccountNumber?: unknown } | undefined)?.customerAccountNumber;
    if (exchange.operationId !== 'createSubCustomer' || typeof accountNumber !== 'string') return;
    const { mine, earlier } = numbers.take(
      accountNumber,
      observer?.running?.() ?? '',
      exchange.startedAt,
      exchange.request.body
    );
    if (earlier) exchange.sharedNumber = { accountNumber, with: earlier };
    else
      observer?.later?.(exchange, () => {
        const later = numbers.sharedWith(accountNumber, mine);
        if (!later) return [];
        // On the exchange itself: the test's records and reports show the one it received.
        exchange.sharedNumber = { accountNumber, with: later };
        return sharedNumberFindings(exchange);
      });
  }

  /**
   * A valid read refused with 400 while it holds a value a rule promises accepted (lib/promised-values.ts):
   * sent once more without that value; accepted, the refusal was that rule's breach (kept on the exchange).
   */
  private async askWithoutPromised(
    exchange: Exchange,
    op: Operation,
    path: string,
    options: CallOptions,
    token: string
  ): Promise<void> {
    if (exchange.response.status !== 400 || !op.readOnly || !this.sentAsValid(op, path, options)) return;
    const promised = promisedIn(op.id, options.body);
    if (!promised) return;
    const { [promised.field]: _, ...body } = options.body as Record<string, unknown>;
    const without = await this.sendOutlasting(op, path, { ...options, body }, token);
    if (without.response.status >= 200 && without.response.status < 300)
      exchange.refusedPromise = { promised, without };
  }

  /**
   * Sends one request and outlasts what the environment does to it. A read, bad input the server
   * refuses anyway or an idempotent write is sent again after a reset, a timeout or a gateway's
   * answer (at most MAX_ATTEMPTS times, backing off); another write whose answer was lost is never
   * sent again: a TransientError, for the caller to read back what happened. The server's own 5xx
   * is evidence: a read or bad input is asked again, and the 5xx stands when the repeat fails the
   * same way (both exchanges kept); a valid write is read back first, and stands at once when it
   * took effect (the read kept), else it is sent once more: a second 5xx stands, and so does the
   * first when the repeat is refused (it had taken effect, or a refusal was due). A server that
   * keeps answering unavailable is an UnavailableError. Every event is told to the observer.
   */
  private async sendOutlasting(
    op: Operation,
    path: string,
    options: CallOptions,
    auth: string | { authorization: string }
  ): Promise<Exchange> {
    const valid = this.sentAsValid(op, path, options);
    const askAgain = op.readOnly || !valid;
    const resendable = askAgain || IDEMPOTENT.has(op.id);
    const events: EnvironmentEvent[] = [];
    let first5xx: Exchange | undefined;
    let readBack: Exchange['readBack'];
    for (let attempt = 1; ; attempt++) {
      const sent = await this.sendWatched(op, path, options, auth);
      if (!('lost' in sent) && this.unavailable(op, sent)) {
        events.push(
          this.eventOf('unavailable', op, sent.startedAt, path, { status: sent.response.status, by: 'server' })
        );
        this.tell(events, op, options);
        this.deps.observer?.spoil?.(sent);
        throw new UnavailableError(
          this.deps.secrets.scrub(
            `${op.method} ${path.split('?')[0]} answered ${sent.response.status} (unavailable) ${(sent.throttled?.length ?? 0) + 1} times, waiting ${Math.round((sent.throttled ?? []).reduce((ms, t) => ms + t.waitedMs, 0) / 1000)} s as it asked`
          ),
          op.id,
          sent
        );
      }
      const event = 'lost' in sent ? this.lostEvent(op, path, sent) : this.gatewayEvent(op, sent);
      if (!event && !('lost' in sent)) {
        if (sent.response.status >= 500 && !first5xx) {
          first5xx = sent;
          if (!askAgain) {
            readBack = await this.readBackAfter5xx(op, options);
            if (readBack?.performed) {
              sent.readBack = readBack;
              this.tell(events, op, options);
              return sent;
            }
          }
          if (!this.repeated5xx.has(op.id)) await pause(REPEAT_PAUSE_MS);
          continue;
        }
        let answer = sent;
        if (first5xx && sent !== first5xx) {
          if (readBack) sent.readBack = readBack;
          if (sent.response.status >= 500) {
            sent.repeatOf = [first5xx];
            this.repeated5xx.add(op.id);
          } else if (!askAgain && sent.response.status >= 400) {
            // Refused when sent once more: the write had taken effect, or a refusal was due; the 5xx stands either way.
            answer = Object.assign(first5xx, { sentAgain: sent, ...(readBack ? { readBack } : {}) });
          } else
            events.push(
              this.eventOf(
                'server-5xx',
                op,
                first5xx.startedAt,
                path,
                { status: first5xx.response.status, by: 'server' },
                'transient'
              )
            );
        }
        for (const e of events) if (e.outcome === 'gave-up' && e.kind !== 'server-5xx') e.outcome = 'retried';
        this.tell(events, op, options);
        return answer;
      }
      events.push(event!);
      if (!resendable || attempt >= MAX_ATTEMPTS || this.timeLeft() < backoffMs(attempt, BACKOFF_MS)) {
        const what =
          'lost' in sent ? `lost its connection (${sent.lost})` : `got a gateway's answer ${sent.response.status}`;
        const counted = resendable ? undefined : () => this.deps.budget?.spend(op.id, options.body);
        throw this.gaveUp(
          events,
          op,
          path,
          `${what}${attempt > 1 ? ` ${attempt} times` : ''}${resendable ? '' : '; a write whose answer was lost is never sent again: read back what happened'}`,
          'lost' in sent ? undefined : sent,
          counted
        );
      }
      await pause(backoffMs(attempt, BACKOFF_MS));
    }
  }

  /**
   * A valid write the server answered 5xx: did it take effect? The caller's read-back
   * (lib/read-back-scope.ts), else the operation's own (lib/default-read-backs.ts: a creation by its
   * mark, an update by its values, a close); undefined when none can tell (an order, a PIN letter),
   * or the environment kept the read from an answer: then the write is sent once more.
   */
  private async readBackAfter5xx(op: Operation, options: CallOptions): Promise<Exchange['readBack']> {
    const happened = givenReadBack() ?? this.deps.readBacks?.readBackOf(this, op.id, options);
    if (!happened) return undefined;
    const before = this.lastAnswer;
    try {
      const performed = await outsideReadBack(happened);
      return { performed, ...(this.lastAnswer !== before && this.lastAnswer ? { exchange: this.lastAnswer } : {}) };
    } catch (e) {
      if (e instanceof TransientError || e instanceof ReadBackUnknown) return undefined;
      throw e;
    }
  }

  /** The last answer this client checked: the read a read-back made. */
  private lastAnswer?: Exchange;

  /** The operations whose 5xx, repeated, came again (REPEAT_PAUSE_MS). */
  private readonly repeated5xx = new Set<OperationId>();

  /** Still throttled after waiting as asked (lib/throttle.ts), by the server: it answered unavailable. */
  private unavailable(op: Operation, exchange: Exchange): boolean {
    const { status, headers } = exchange.response;
    return retryAfterMs(status, headers, 0) !== undefined && this.answerer(op, exchange) === 'server';
  }

  private answerer(op: Operation, exchange: Exchange): 'server' | 'gateway' {
    const { status, isJson, text } = exchange.response;
    return whoAnswered(status, isJson, text, (body) => this.documented(op, body));
  }

  /** A body the document gives the operation (any of its statuses), or the standard error body, read as the checks read it. */
  private documented(op: Operation, body: unknown): boolean {
    const schemas = new Set([
      'standard-error.json',
      ...Object.values(op.responses).flatMap((b) => ('schema' in b ? [b.schema] : [])),
    ]);
    return [...schemas].some(
      (id) => this.deps.schemas.validate(id, readAbsentNulls(this.deps.schemas, id, body).body).length === 0
    );
  }

  /** Safe to send twice only as bad input the server refuses anyway (its answer is judged like any other). */
  private sentAsValid(op: Operation, path: string, options: CallOptions): boolean {
    return sentAsValid({ request: this.recordedRequest(op.method, path, options, 'none') }, op, this.deps.schemas);
  }

  /** How long the running test may still wait for an answer (no limit outside a test). */
  private timeLeft(): number {
    const deadline = this.deps.observer?.deadline?.();
    return deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now();
  }

  private eventOf(
    kind: EnvironmentEvent['kind'],
    op: Operation,
    at: string,
    path: string,
    what: { status?: number; detail?: string; by?: EnvironmentEvent['by'] },
    outcome: EnvironmentEvent['outcome'] = 'gave-up'
  ): EnvironmentEvent {
    return { kind, at, operationId: op.id, method: op.method, path: path.split('?')[0]!, ...what, outcome, test: '' };
  }

  private lostEvent(op: Operation, path: string, sent: LostExchange): EnvironmentEvent {
    return this.eventOf(transportKind(sent.lost), op, sent.startedAt, path, { detail: sent.lost });
  }

  /** A gateway's answer (502/503/504 with a body the document does not give, a 5xx page that is no JSON): the environment's, not the server's. */
  private gatewayEvent(op: Operation, exchange: Exchange): EnvironmentEvent | undefined {
    if (this.answerer(op, exchange) !== 'gateway') return undefined;
    return this.eventOf('gateway', op, exchange.startedAt, exchange.request.path, {
      status: exchange.response.status,
      by: 'gateway',
    });
  }

  private tell(events: EnvironmentEvent[], op: Operation, options: CallOptions): void {
    for (const e of events) this.deps.observer?.met?.(e, op.id, options.body);
  }

  /** `counted`: a write whose answer was lost, counted in the write budget once a read-back shows it happened. */
  private gaveUp(
    events: EnvironmentEvent[],
    op: Operation,
    path: string,
    what: string,
    exchange?: Exchange,
    counted?: () => void
  ): TransientError {
    this.tell(events, op, {});
    if (exchange) this.deps.observer?.spoil?.(exchange);
    const kind = events.at(-1)?.kind ?? 'gateway';
    return new TransientError(
      kind,
      this.deps.secrets.scrub(`${op.method} ${path.split('?')[0]} ${what}`),
      events,
      exchange,
      counted !== undefined,
      counted
    );
  }

  /** A token; without one no request can be judged: the test is blocked by the token rule, unless it is the test's own. */
  private async token(): Promise<string> {
    try {
      return await this.deps.tokens.token();
    } catch (e) {
      // No token for the environment's sake: nothing can be judged, and nothing is blamed.
      if (e instanceof TokenUnavailable) throw new TransientError('token', e.message);
      throw this.tokenFailure(e);
    }
  }

  private tokenFailure(e: unknown): unknown {
    const { observer } = this.deps;
    if (!(e instanceof AuthError) || !observer) return e;
    if (!observer.owns(TOKEN_RULE)) return observer.block(TOKEN_RULE, e.message);
    const own = new AuthError(`[${TOKEN_RULE}] ${e.message}`, e.status);
    judging(own, [TOKEN_RULE]);
    return own;
  }

  /**
   * `response` of a request the test needs to have succeeded (set-up, discovery): when it did not,
   * the test is blocked by `rule` (by default the rule that promises the operation's success),
   * unless that rule is the test's own, which then fails. A 5xx is no refusal of what was asked
   * but the server's own failure: it blocks by the rule its answer broke (HTTP-STATUS-DOCUMENTED).
   */
  need<T>(
    response: ApiResponse<T>,
    what: string,
    rule = operation(response.exchange.operationId).successRule
  ): ApiResponse<T> {
    if (response.status === operation(response.exchange.operationId).success) return response;
    const reason = `${what}: ${response.exchange.request.method} ${response.exchange.request.path.split('?')[0]} answered ${response.status}`;
    const blocking = (response.status >= 500 ? response.breaches[0]?.rule : undefined) ?? rule;
    const { observer } = this.deps;
    if (!observer || observer.owns(blocking)) {
      const failed = new Error(
        this.deps.secrets.scrub(`[${blocking}] ${reason}\n${formatExchange(response.exchange)}`)
      );
      judging(failed, [blocking]);
      throw failed;
    }
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
    this.lastAnswer = exchange;
    const read = bodyAsRead(exchange, op, this.deps.schemas);
    const findings = runChecks({
      exchange,
      read,
      operation: op,
      schemas: this.deps.schemas,
      secrets: this.deps.secrets,
      config: this.deps.config,
    });
    const failures = findings.filter((f) => f.kind === 'failure');
    const own = failures.map((f) => this.claims(f)).filter((f): f is Finding => f !== undefined);
    const others = failures.filter((f) => !own.some((o) => o.check === f.check && o.title === f.title));
    await this.deps.sink?.record(
      exchange,
      findings.filter((f) => f.kind === 'drift'),
      own
    );
    this.deps.observer?.observe(exchange, others);
    if (exchange.response.status >= 200 && exchange.response.status < 300)
      this.deps.budget?.spend(exchange.operationId, exchange.request.body);
    if (own.length) throw new ConformanceError(own, exchange, this.deps.secrets);
    placing(read.body, exchange);
    return {
      status: exchange.response.status,
      body: read.body as T,
      nulls: read.nulls,
      headers: exchange.response.headers,
      exchange,
      breaches: others,
    };
  }

  /** One send (throttling waited out), watched by the running test; a lost connection is said, not thrown. */
  private async sendWatched(
    op: Operation,
    path: string,
    options: CallOptions,
    auth: string | { authorization: string }
  ): Promise<Exchange | LostExchange> {
    const done = this.deps.observer?.doing?.(`an answer to ${op.method} ${path.split('?')[0]}`);
    try {
      return await this.send(op.id, op.method, path, options, auth);
    } catch (e) {
      if (!(e instanceof LostConnection)) throw e;
      return { lost: e.message, startedAt: e.startedAt };
    } finally {
      done?.();
    }
  }

  private headersOf(options: CallOptions, auth: string | { authorization: string }): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth === 'none') {
      // no Authorization header at all
    } else if (typeof auth === 'string') {
      this.deps.secrets.add(auth);
      headers.authorization = `Bearer ${auth}`;
    } else if (typeof auth === 'object') {
      headers.authorization = auth.authorization;
    }
    if (options.rawBody !== undefined || options.body !== undefined)
      headers['content-type'] = options.contentType ?? 'application/json';
    return headers;
  }

  private recordedRequest(
    method: string,
    path: string,
    options: CallOptions,
    auth: string | { authorization: string }
  ): RecordedRequest {
    const headers = this.headersOf(options, auth);
    return {
      method,
      path,
      auth: auth === 'none' ? 'none' : typeof auth === 'string' ? 'token' : 'custom',
      headers: { ...headers, ...(headers.authorization ? { authorization: REDACTED } : {}) },
      ...(options.body !== undefined && options.rawBody === undefined
        ? { body: this.deps.secrets.redact(options.body) }
        : {}),
      ...(options.rawBody !== undefined ? { rawBody: this.deps.secrets.scrub(options.rawBody) } : {}),
      ...(options.rawBody !== undefined || options.rawPath !== undefined ? { asIs: true as const } : {}),
      ...(options.hostile ? { hostile: true as const } : {}),
      ...(this.replayTransport ? { transport: this.replayTransport } : {}),
    };
  }

  private async send(
    operationId: OperationId,
    method: string,
    path: string,
    options: CallOptions,
    auth: string | { authorization: string }
  ): Promise<Exchange> {
    const headers = this.headersOf(options, auth);
    const data =
      options.rawBody !== undefined
        ? options.rawBody
        : options.body !== undefined
          ? JSON.stringify(options.body)
          : undefined;
    const startedAt = new Date();
    const throttled: Throttled[] = [];
    let response: APIResponse;
    let text: string;
    try {
      for (let sends = 1; ; sends++) {
        response = await timed(this.deps.sent, operationId, () =>
          this.deps.request.fetch(`${this.deps.config.baseUrl}${path}`, {
            method,
            headers,
            data,
            failOnStatusCode: false,
            maxRedirects: 0,
            timeout: REQUEST_TIMEOUT_MS,
          })
        );
        const wait = retryAfterMs(response.status(), response.headers(), sends - 1);
        const waited = throttled.reduce((ms, t) => ms + t.waitedMs, 0);
        // Waited out as the target asks, within the test's time and the client's bounds.
        if (wait === undefined || sends >= MAX_SENDS || waited + wait > MAX_TOTAL_WAIT_MS || wait > this.timeLeft())
          break;
        throttled.push({ status: response.status(), waitedMs: wait });
        await pause(wait);
      }
      text = await response!.text();
    } catch (e) {
      throw new LostConnection(this.deps.secrets.scrub(transportWords(e)), startedAt.toISOString());
    }
    let body: unknown;
    let isJson = false;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
      isJson = text.trim() !== '';
    } catch {
      body = undefined;
    }
    const exchange: Exchange = {
      operationId,
      replayBaseUrl: replayBaseUrl(this.deps.config),
      request: this.recordedRequest(method, path, options, auth),
      response: { status: response!.status(), headers: response!.headers(), text, body, isJson },
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      ...(throttled.length ? { throttled } : {}),
    };
    return exchange;
  }
}

/** A request whose connection was lost (reset, refused, timed out): no answer to judge. */
interface LostExchange {
  lost: string;
  startedAt: string;
}

class LostConnection extends Error {
  constructor(
    message: string,
    readonly startedAt: string
  ) {
    super(message);
  }
}

/** The transport's own words for a lost connection, without Playwright's call log. */
function transportWords(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message
    .replace(/^apiRequestContext\.fetch: /, '')
    .split('\n')[0]!
    .slice(0, 200);
}
