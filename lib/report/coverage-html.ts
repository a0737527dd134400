/**
 * coverage.html. Its top answers "what broke?" in one look: the failing rules grouped by operation,
 * each with the document's words, its first evidence (request, response, the JSON pointer that
 * failed, a curl that replays it) and how many tests it blocked; then the findings; then every
 * rule of the catalogue with its tests.
 */

import { answererOf, type EnvironmentReport } from '../environment.js';
import type { Footprint, WriteKind } from '../footprint.js';
import type { Evidence, LedgerEntry } from '../ledger.js';
import { operation, operationIds } from '../operations.js';
import type { CoverageReport, RuleCoverage } from './coverage.js';
import { escapeHtml, num, page, softBreaks, table } from './html.js';
import { curlOf, type Replay, replayHint } from './replay.js';

const NO_REQUEST = 'no single request (an assertion over several)';

function operationName(id: string | undefined): string {
  if (!id || !(operationIds as string[]).includes(id)) return NO_REQUEST;
  const op = operation(id as (typeof operationIds)[number]);
  return `${op.method} ${op.path}`;
}

export function evidenceHtml(e: Evidence): string {
  const { request, response } = e;
  const requestBody = request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body, null, 2));
  const earlier = (e.earlier ?? [])
    .map(
      (x) =>
        `<div><small>the same request answered ${x.status} before (${escapeHtml(x.startedAt)}): a 5xx counts only when it comes again</small></div><pre>${escapeHtml(x.body)}</pre>`
    )
    .join('');
  const readBack = e.readBack
    ? `<div><small>read back after the 5xx: the write ${e.readBack.performed ? 'took effect' : 'did not take effect, so it was sent once more'}${e.readBack.request ? `, shown by <code>${escapeHtml(e.readBack.request)}</code> → ${e.readBack.status}` : ''}</small></div>${e.readBack.body ? `<pre>${escapeHtml(e.readBack.body)}</pre>` : ''}`
    : '';
  const again = e.sentAgain
    ? `<div><small>sent once more, it was refused (${e.sentAgain.status}): it had taken effect, or a refusal was due; the 5xx stands</small></div><pre>${escapeHtml(e.sentAgain.body)}</pre>`
    : '';
  const write = e.write
    ? `<div><small>after the write <code>${escapeHtml(`${e.write.request.method} ${e.write.request.path}`)}</code> → ${e.write.response.status}, whose effect this read shows:</small></div>${e.write.request.body === undefined ? '' : `<pre>${escapeHtml(JSON.stringify(e.write.request.body, null, 2).slice(0, 2_000))}</pre>`}<pre>${escapeHtml(e.write.response.body)}</pre>`
    : '';
  return `<details class="evidence"><summary>${e.write ? `<code>${escapeHtml(`${e.write.request.method} ${e.write.request.path}`)}</code> → ${e.write.response.status}, then ` : ''}<code>${escapeHtml(`${request.method} ${request.path}`)}</code> → <b>${response.status}</b>${e.pointer ? ` at <code>${escapeHtml(e.pointer)}</code>` : ''}${e.earlier?.length ? ` (repeated: ${e.earlier.map((x) => x.status).join(', ')} before)` : ''}${e.readBack?.performed ? ' (performed: read back)' : ''}${e.sentAgain ? ` (then ${e.sentAgain.status} sent once more)` : ''}${e.acceptedWithout ? ` (${e.acceptedWithout.status} sent without ${escapeHtml(e.acceptedWithout.field)})` : ''}</summary>${write}${earlier}${readBack}${again}
${requestBody ? `<pre>${escapeHtml(requestBody.slice(0, 2_000))}</pre>` : ''}
${replayHtml({ baseUrl: e.baseUrl, command: curlOf(e.baseUrl, request) })}
<div><small>response ${response.status} ${escapeHtml(response.contentType ?? '(no content-type)')}</small></div>
<pre>${escapeHtml(response.body)}</pre></details>`;
}

function replayHtml({ baseUrl, command }: Replay): string {
  return `<div><small>replay (${escapeHtml(replayHint(baseUrl))}):</small></div><pre class="replay">${escapeHtml(command)}</pre>`;
}

function brokenRule(r: RuleCoverage): string {
  const failedTests = r.tests.filter((t) => t.outcome === 'failed' || t.outcome === 'assumption-failed');
  const proof = failedTests.length
    ? `${failedTests.length} failing test${failedTests.length > 1 ? 's' : ''}${r.findings.length ? ` and ${r.findings.length} finding${r.findings.length > 1 ? 's' : ''}` : ''}`
    : `found broken ${r.findings.reduce((n, f) => n + f.count, 0)} times where no test names it`;
  return `<div class="broken"><h3><code>${escapeHtml(r.id)}</code> <span class="${r.status}">${r.status}</span></h3>
<p>${escapeHtml(r.words)} <small>(${escapeHtml(r.section)})</small></p>
<p><small>${escapeHtml(proof)}${r.blocks ? `; blocked ${r.blocks} test${r.blocks > 1 ? 's' : ''}` : ''}</small>${r.message ? `<br><code>${escapeHtml(r.message)}</code>` : ''}</p>
${r.evidence ? evidenceHtml(r.evidence) : ''}</div>`;
}

function whatBroke(report: CoverageReport): string {
  const broken = report.rules.filter((r) => r.status === 'failed' || r.status === 'assumption-failed');
  if (!broken.length)
    return `<p class="ok">No rule of the document is broken${report.totals.blocked ? `; ${report.totals.blocked} rules are blocked` : ''}.</p>`;
  const groups = new Map<string, RuleCoverage[]>();
  for (const r of broken) {
    // Filed under the operation the rule is about (the one whose success it promises), else where it was seen broken.
    const about = operationIds.find((id) => operation(id).successRule === r.id);
    const name = operationName(about ?? r.evidence?.operationId ?? r.findings[0]?.operationId);
    groups.set(name, [...(groups.get(name) ?? []), r]);
  }
  return [...groups.entries()]
    .map(([name, rules]) => `<h3 class="op">${escapeHtml(name)}</h3>\n${rules.map(brokenRule).join('\n')}`)
    .join('\n');
}

/** The suite's own exceptions: said apart from what broke, as faults of fleet-conformance, not of the target. */
function suiteErrors(report: CoverageReport): string {
  const errors = report.records.filter((r) => r.outcome === 'suite-error');
  if (!errors.length) return '';
  return `<h2 id="suite-errors">Suite errors (${errors.length}): faults of fleet-conformance itself, not of the target</h2>
<p><small>These tests stopped on an exception of the suite's own code. They judged nothing: no rule is red for them, and the target is not to blame. Report them to the suite's maintainers.</small></p>
${table(
  ['test', 'exception', 'thrown at'],
  errors.map((r) => [
    `${escapeHtml(r.title)}<br><small>${escapeHtml(r.file)}</small>`,
    `<code>${escapeHtml(r.reason ?? '')}</code>`,
    r.thrownAt ? `<code>${escapeHtml(r.thrownAt)}</code>` : '',
  ])
)}`;
}

/** Operations the server answered unavailable to every request: a verdict of their own, said first. */
function unavailableOperations(report: CoverageReport): string {
  const ops = report.unavailable ?? [];
  if (!ops.length) return '';
  const rules = report.rules
    .filter((r) => r.status === 'unavailable')
    .map((r) => `<code class="id">${escapeHtml(r.id)}</code>`);
  return `<h2 id="unavailable" class="failed">Unavailable (${ops.length} operation${ops.length > 1 ? 's' : ''}): the server answered unavailable to every request</h2>
<p><small>The server itself (in the document's error body) answered 429 or 503 with Retry-After to every request of these operations, each waited out as it asked, while it served the others. Not the environment's doing, and not judged: the run does not pass (exit 4).${rules.length ? ` Rules not judged for it: ${rules.join(' ')}` : ''}</small></p>
${table(
  ['operation', 'status', 'requests', 'why'],
  ops.map((o) => [operationCell(o.operationId), String(o.status), num(o.requests), escapeHtml(o.reason)])
)}`;
}

/** Tests that judged nothing: not red, not passed; their rules not judged in this run. */
function incompleteTests(report: CoverageReport): string {
  const incomplete = report.records.filter((r) => r.outcome === 'incomplete' || r.outcome === 'unavailable');
  if (!incomplete.length) return '';
  const waited = incomplete.some((r) => r.incomplete?.waitingFor);
  return `<h2 id="incomplete">Incomplete tests (${incomplete.length}): not judged in this run</h2>
<p><small>These tests could not be judged, also when run again: they ran out of time, lost their connection, got a gateway's answer or no token (incomplete), or the server kept answering unavailable (unavailable). Nothing is proven broken by them, and their rules are not judged in this run.</small></p>
${table(
  ['test', 'why', ...(waited ? ['waiting for'] : []), 'last exchange'],
  incomplete.map((r) => [
    `${escapeHtml(r.title)}<br><small>${escapeHtml(r.file)}</small>`,
    `<span class="${r.outcome}">${r.outcome}</span> ${escapeHtml(r.reason ?? '')}${(r.attempts ?? 1) > 1 ? ' <small>(run again: the same)</small>' : ''}`,
    ...(waited
      ? [
          r.incomplete?.waitingFor
            ? `${escapeHtml(r.incomplete.waitingFor)}${r.incomplete.waitedMs !== undefined ? ` <small>(${Math.round(r.incomplete.waitedMs / 1000)} s of a ${Math.round(r.incomplete.limitMs / 1000)} s limit)</small>` : ''}`
            : '',
        ]
      : []),
    r.evidence ? evidenceHtml(r.evidence) : '',
  ])
)}`;
}

/** The environment's night: what the network and the infrastructure did, and what became of each event. */
function environmentHtml(e: EnvironmentReport): string {
  const counts: [string, number][] = [
    ['the network: connections reset', e.resets],
    ['the network: requests timed out', e.timeouts],
    [
      'a gateway: answers (502, 503, 504 with a body the document does not give, or a 5xx page that is no JSON)',
      e.gatewayAnswers,
    ],
    ['token requests failed (not the credentials)', e.tokenFailures],
    ['the server: 5xx that did not come again when repeated', e.transient5xx],
    ["the server: requests answered unavailable past the test's time", e.unavailableAnswers ?? 0],
    ['requests sent again (reads, or bad input)', e.retries],
    ['writes whose answer was lost, read back', e.reconciled],
    ['incomplete tests', e.incompleteTests],
  ];
  const events = e.events.length
    ? `<details><summary>${e.events.length} events</summary>${table(
        ['when', 'who', 'what', 'request', 'became', 'test'],
        e.events.map((x) => [
          `<small>${escapeHtml(x.at)}</small>`,
          escapeHtml(answererOf(x)),
          `${escapeHtml(x.kind)}${x.status ? ` ${x.status}` : ''}${x.detail ? ` <small>${escapeHtml(x.detail)}</small>` : ''}`,
          `<code>${escapeHtml(`${x.method} ${x.path}`)}</code>`,
          escapeHtml(x.outcome),
          `<small>${escapeHtml(x.test || 'set-up')}</small>`,
        ])
      )}</details>`
    : '';
  return `<h2 id="environment">The environment's night</h2>
<p><small>What happened to this run's requests on their way, each event with who answered: the network and a gateway never give a verdict on a rule; the server's own 5xx that did not come again is counted here, one that did is judged above.</small></p>
${table(
  ['event', 'how many'],
  counts.map(([what, n]) => [escapeHtml(what), num(n)])
)}
${events}`;
}

/** An operation's method and path, free to wrap after a slash (a path is one long word). */
function operationCell(id: string | undefined): string {
  return `<span class="path">${softBreaks(operationName(id))}</span>`;
}

/** Shards of a sharded run that did not run: named first, since the verdicts below miss their tests. */
function shardsNotRun(report: CoverageReport): string {
  const notRun = report.shards?.notRun ?? [];
  if (!notRun.length) return '';
  return `<h2 id="shards-not-run" class="failed">${notRun.length} of ${report.shards!.total} shards did not run: their tests are not run, not judged</h2>
${table(
  ['shard', 'why', 'tests not run'],
  notRun.map((s) => [`shard ${s.shard} of ${s.total}`, escapeHtml(s.reason), String(s.tests.length)])
)}`;
}

function findingsTable(findings: LedgerEntry[]): string {
  if (!findings.length) return '<p>None: every rule that broke, broke where a test names it.</p>';
  return table(
    ['rule and check', 'operation', 'what', 'times', 'first seen in', 'evidence'],
    findings.map((f) => [
      `<code class="id">${escapeHtml(f.rule)}</code><br><code class="id check">${escapeHtml(f.check)}</code>`,
      operationCell(f.operationId),
      softBreaks(f.title),
      num(f.count),
      `<small class="seen">${escapeHtml(f.seenIn || 'worker set-up (discovery)')}</small>`,
      f.evidence ? evidenceHtml(f.evidence) : '',
    ])
  );
}

function ruleRow(r: RuleCoverage): string[] {
  const tests = r.tests.map((x) => {
    const why = x.blockedBy ? `blocked by ${x.blockedBy}: ${x.reason ?? ''}` : (x.reason ?? '');
    return `<li><span class="${x.outcome}">${x.outcome}</span> ${escapeHtml(x.title)} <small>${escapeHtml(x.file)}${why ? ` — ${escapeHtml(why)}` : ''}</small></li>`;
  });
  const findings = r.findings.length
    ? `<li><span class="failed">finding</span> ${r.findings.map((f) => `${escapeHtml(operationName(f.operationId))} ×${f.count}`).join(', ')}</li>`
    : '';
  return [
    `<code class="id">${escapeHtml(r.id)}</code><br><small>${escapeHtml(r.family)} · ${escapeHtml(r.origin)}</small>`,
    `${softBreaks(r.words)}<br><small>${escapeHtml(r.section)}</small>`,
    `<span class="${r.status}">${r.status}</span>${r.blocks ? `<br><small class="num">blocks ${r.blocks}</small>` : ''}`,
    tests.length || findings ? `<ul>${tests.join('')}${findings}</ul>` : '<small>no test covers this rule</small>',
  ];
}

const WRITE_WORDS: Record<WriteKind, string> = {
  customersCreated: 'sub-customers created (they cannot be deleted, only closed)',
  customersClosed: 'sub-customers closed',
  customersUpdated: 'customer details updated',
  customersBlocked: 'customers blocked',
  customersUnblocked: 'customers unblocked',
  cardsOrdered: 'cards ordered (they stay on the target)',
  cardsBlocked: 'cards blocked',
  cardsUnblocked: 'cards unblocked',
  cardsCancelled: 'cards cancelled (permanent)',
  cardsReplaced: 'cards replaced (a new card each)',
  pinLettersRequested: 'PIN letters requested',
};

function footprintHtml(f: Footprint): string {
  const writes = (Object.keys(WRITE_WORDS) as WriteKind[]).map((k) => [escapeHtml(WRITE_WORDS[k]), num(f.writes[k])]);
  const byOperation = Object.entries(f.byOperation)
    .sort(([, a], [, b]) => b - a)
    .map(([op, n]) => `${escapeHtml(operationName(op))} ${n}`)
    .join(' · ');
  return `<h2 id="footprint">Footprint on the target</h2>
<p><small>${f.requests} requests: ${byOperation}</small></p>
${table(['what the run did', 'how many'], writes)}`;
}

export function coverageHtml(report: CoverageReport, extra = ''): string {
  const t = report.totals;
  const pills = (
    [
      'failed',
      'assumption-failed',
      'suite-error',
      'blocked',
      'unavailable',
      'incomplete',
      'passed',
      'not-run',
      'uncovered',
    ] as const
  )
    .map((s) => `<span class="pill ${s}">${t[s] ?? 0} ${s}</span>`)
    .join('');
  const x = report.tests;
  return page(
    'Rule coverage',
    `<h1>Rule coverage</h1>
<div class="meta">target ${escapeHtml(report.target)} · ${escapeHtml(report.generatedAt)}</div>
<p><span class="pill">${t.rules} rules</span>${pills}</p>
<p><small>tests: ${x.total} — ${x.passed} passed, ${x.failed} failed, ${x['assumption-failed']} assumption failures, ${x['suite-error']} suite errors, ${x.blocked} blocked, ${x.unavailable ?? 0} unavailable, ${x.incomplete} incomplete, ${x['not-run']} not run; findings: ${report.findings.length}</small></p>
${unavailableOperations(report)}
${shardsNotRun(report)}
${suiteErrors(report)}
${incompleteTests(report)}
<h2 id="what-broke">What broke</h2>
${whatBroke(report)}
<h2 id="findings">Findings (${report.findings.length}): rules seen broken by tests that do not name them</h2>
${findingsTable(report.findings)}
${extra}
${environmentHtml(report.environment)}
${footprintHtml(report.footprint)}
<h2 id="rules">Every rule</h2>
${table(['rule', 'the document says', 'result', 'tests'], report.rules.map(ruleRow))}`
  );
}
