/**
 * A test's verdict as data: decided once, in its worker, when its ledger settles it (lib/ledger.ts),
 * and attached to it as `fleet-verdict.json`. Every report reads that record (lib/report/test-record.ts):
 * coverage, the gate's input, JUnit, Allure, the job summary and the fault self-test agree because
 * none of them reads a failure's message again. No red without evidence: a failure that no answer
 * of the server shows (no violation, no exchange), or a test that ran out of time, is incomplete.
 */
import type { Exchange } from './exchange.js';
import { firstLine } from './judgements.js';
import {
  answersBeside,
  EVIDENCE_ATTACHMENT,
  type Evidence,
  INCOMPLETE_ANNOTATION,
  INCOMPLETE_ATTACHMENT,
  type Incomplete,
  UNAVAILABLE_ANNOTATION,
} from './ledger.js';
import { ownFrame, suiteErrorOf } from './suite-error.js';

export const VERDICT_ATTACHMENT = 'fleet-verdict.json';

export type Outcome =
  | 'passed'
  | 'failed'
  | 'assumption-failed'
  | 'suite-error'
  | 'blocked'
  | 'unavailable'
  | 'incomplete'
  | 'not-run';

export interface Verdict {
  outcome: Outcome;
  /** The rules the failure names (all of the test's rules when it names none of them). */
  failedRules?: string[];
  /** A suite error: where in the project it was thrown (file:line). */
  thrownAt?: string;
  blockedBy?: { rule?: string; reason: string };
  /** Incomplete or unavailable: what it was waiting for, for how long, its limit and its last exchange. */
  incomplete?: Omit<Incomplete, 'reason' | 'lastExchange'>;
  /** Why it did not run or was not judged, or the first line of its failure. */
  reason?: string;
  /** The exchange that proved the failure or the block (for an incomplete test: its last one). */
  evidence?: Evidence;
  /** The assumptions-register entry whose stricter reading failed. */
  assumption?: string;
}

/** What a settled test shows its ledger: Playwright's TestInfo at the end of its teardown. */
export interface Settled {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  errors: { message?: string; stack?: string }[];
  annotations: { type: string; description?: string }[];
  attachments: { name: string; body?: Buffer }[];
  ruleIds: readonly string[];
  /** The rules each of `errors` judged, as its ledger took it back to the error it was made from (none: the test's own). */
  judged: readonly (readonly string[])[];
  /** What its ledger found blocked it: the rule whose breach stopped it (none: the target, not a rule). */
  blockedBy?: { rule?: string; reason: string };
  /** The test's time limit, ms. */
  timeout: number;
}

function json<T>(attachments: Settled['attachments'], match: (name: string) => boolean): T[] {
  return attachments.filter((a) => match(a.name) && a.body).map((a) => JSON.parse(a.body!.toString('utf8')) as T);
}

function violationEvidence(attachments: Settled['attachments'], baseUrl: string): Evidence | undefined {
  const [violation] = json<{ findings: { where?: string }[]; exchange: Exchange }>(attachments, (n) =>
    n.startsWith('violation ')
  );
  if (!violation) return undefined;
  const { exchange } = violation;
  const body = exchange.response.isJson ? JSON.stringify(exchange.response.body, null, 2) : exchange.response.text;
  return {
    operationId: exchange.operationId,
    baseUrl,
    request: exchange.request,
    response: {
      status: exchange.response.status,
      ...(exchange.response.headers['content-type'] ? { contentType: exchange.response.headers['content-type'] } : {}),
      body: body.slice(0, 6_000),
    },
    ...(violation.findings[0]?.where ? { pointer: violation.findings[0].where } : {}),
    startedAt: exchange.startedAt,
    // Redacted when attached (lib/report/test-sink.ts).
    ...answersBeside(exchange, (text) => text),
  };
}

/**
 * A test that judged nothing: incomplete by its ledger (time, connection, gateway, token),
 * unavailable (the server kept answering so), or out of time where no ledger could say so.
 */
function incompleteOf(settled: Settled): Verdict | undefined {
  const { annotations } = settled;
  const unavailable = annotations.find((a) => a.type === UNAVAILABLE_ANNOTATION)?.description;
  const said = unavailable ?? annotations.find((a) => a.type === INCOMPLETE_ANNOTATION)?.description;
  if (said !== undefined) {
    const [detail] = json<Incomplete>(settled.attachments, (n) => n === INCOMPLETE_ATTACHMENT);
    const { reason, lastExchange, ...incomplete } = detail ?? { reason: said, limitMs: settled.timeout };
    return {
      outcome: unavailable !== undefined ? 'unavailable' : 'incomplete',
      reason: reason ?? said,
      incomplete,
      ...(lastExchange ? { evidence: lastExchange } : {}),
    };
  }
  return settled.status === 'timedOut' ? timedOut(settled.timeout) : undefined;
}

export const timedOut = (timeout: number): Verdict => ({
  outcome: 'incomplete',
  reason: `ran out of time (its limit: ${Math.round(timeout / 1000)} s): not judged`,
  incomplete: { limitMs: timeout },
});

/** The verdict of a settled test. `baseUrl`: where a replay of its requests goes. */
export function verdictOf(settled: Settled, baseUrl: string): Verdict {
  const { annotations, attachments, ruleIds } = settled;
  if (settled.status === 'passed') return { outcome: 'passed' };
  // An attempt that judged nothing (interrupted to be run again) says why; an attempt stopped
  // half-way by a cancelled run concluded nothing, whatever it saw meanwhile.
  const incomplete = incompleteOf(settled);
  if (incomplete) return incomplete;
  if (settled.status === 'interrupted') return { outcome: 'not-run', reason: 'interrupted: the run was cancelled' };
  if (settled.status === 'skipped') {
    if (!settled.blockedBy)
      return {
        outcome: 'not-run',
        reason: annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description ?? 'skipped',
      };
    const [evidence] = json<Evidence>(attachments, (n) => n.startsWith('blocked by '));
    return {
      outcome: 'blocked',
      blockedBy: settled.blockedBy,
      ...(evidence ? { evidence } : {}),
    };
  }
  const messages = settled.errors.map((e) => e.message ?? '');
  const judged = settled.errors.map((_, i) => settled.judged[i] ?? []);
  // The suite's own exception judged nothing: no rule of the test is red for it.
  const suiteError = judged.every((j) => !j.length) ? suiteErrorOf(messages) : undefined;
  if (suiteError) {
    const thrownAt = ownFrame(settled.errors[0]?.stack);
    return { outcome: 'suite-error', reason: suiteError, ...(thrownAt ? { thrownAt } : {}) };
  }
  const tags = new Set(judged.flat());
  const assumption = [...tags].find((t) => t.startsWith('ASSUME-'));
  const named = ruleIds.filter((r) => tags.has(r));
  // A stricter reading names the rule it judged beside its register entry (forReading): an
  // assumption failure, unless a failure of the document's own statement stands beside it.
  const ownFailure = judged.some(
    (t) => !t.some((x) => x.startsWith('ASSUME-')) && (!t.length || t.some((x) => ruleIds.includes(x)))
  );
  const evidence =
    violationEvidence(attachments, baseUrl) ?? json<Evidence>(attachments, (n) => n === EVIDENCE_ATTACHMENT)[0];
  // No red without evidence: a failure no answer of the server shows judged nothing.
  if (!evidence)
    return {
      outcome: 'incomplete',
      reason: `failed with no answer of the server to show for it: not judged (${firstLine(messages[0] ?? '') || 'no message'})`,
    };
  const reason = firstLine(messages[0] ?? '');
  return {
    outcome: assumption && !ownFailure ? 'assumption-failed' : 'failed',
    failedRules: named.length ? named : [...ruleIds],
    ...(reason ? { reason } : {}),
    evidence,
    ...(assumption ? { assumption } : {}),
  };
}
