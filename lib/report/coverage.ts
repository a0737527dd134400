/**
 * Coverage: rule → tests → result, and the rules no test covers. Built from the test titles
 * (which carry the rule ids) and their outcomes; latency rules come from the perf summary.
 */
import { escapeHtml, page, table } from './html.js';
import { ruleList, type Rule } from '../rules/catalogue.js';

export type Outcome = 'passed' | 'failed' | 'not-run';

export interface TestOutcome {
  title: string;
  file: string;
  ruleIds: string[];
  outcome: Outcome;
  /** Why a test did not run (skip reason), or the first line of its failure. */
  reason?: string;
}

export interface RuleCoverage {
  id: string;
  family: string;
  section: string;
  words: string;
  origin: Rule['origin'];
  status: Outcome | 'uncovered';
  tests: { title: string; file: string; outcome: Outcome; reason?: string }[];
}

export interface PerfOperationResult {
  operation: string;
  pass: boolean;
  p50: number | null;
  p99: number | null;
  samples: number;
}

export interface CoverageReport {
  target: string;
  generatedAt: string;
  totals: Record<RuleCoverage['status'], number> & { rules: number };
  rules: RuleCoverage[];
}

const WORST: RuleCoverage['status'][] = ['failed', 'passed', 'not-run', 'uncovered'];

export function buildCoverage(target: string, tests: TestOutcome[], perf?: { startedAt: string; operations: PerfOperationResult[] }): CoverageReport {
  const rules = ruleList.map((rule): RuleCoverage => {
    const covering = tests.filter((t) => t.ruleIds.includes(rule.id)).map(({ title, file, outcome, reason }) => ({ title, file, outcome, ...(reason ? { reason } : {}) }));
    if (rule.family === 'latency') {
      const key = rule.id.replace(/^LAT-/, '').toLowerCase();
      const op = perf?.operations.find((o) => o.operation === key);
      covering.push(op
        ? { title: `npm run perf: ${key} (p50 ${op.p50} ms, p99 ${op.p99} ms, ${op.samples} samples)`, file: 'perf/', outcome: op.pass ? 'passed' : 'failed', ...(perf ? { reason: `measured ${perf.startedAt}` } : {}) }
        : { title: `npm run perf: ${key}`, file: 'perf/', outcome: 'not-run', reason: 'latency gates run with npm run perf (no reports/perf/summary.json for this run)' });
    }
    const outcomes = new Set(covering.map((t) => t.outcome));
    const status = covering.length === 0 ? 'uncovered' : WORST.find((s) => outcomes.has(s as Outcome))!;
    return { id: rule.id, family: rule.family, section: rule.section, words: rule.words, origin: rule.origin, status, tests: covering };
  });
  const totals = { rules: rules.length, passed: 0, failed: 0, 'not-run': 0, uncovered: 0 };
  for (const r of rules) totals[r.status] += 1;
  return { target, generatedAt: new Date().toISOString(), totals, rules };
}

export function coverageHtml(report: CoverageReport): string {
  const t = report.totals;
  const rows = report.rules.map((r) => [
    `<code>${escapeHtml(r.id)}</code><br><small>${escapeHtml(r.family)} · ${escapeHtml(r.origin)}</small>`,
    `${escapeHtml(r.words)}<br><small>${escapeHtml(r.section)}</small>`,
    `<span class="${r.status}">${r.status}</span>`,
    r.tests.length
      ? `<ul>${r.tests.map((x) => `<li><span class="${x.outcome}">${x.outcome}</span> ${escapeHtml(x.title)} <small>${escapeHtml(x.file)}${x.reason ? ` — ${escapeHtml(x.reason)}` : ''}</small></li>`).join('')}</ul>`
      : '<small>no test covers this rule</small>',
  ]);
  return page('Rule coverage', `<h1>Rule coverage</h1>
<div class="meta">target ${escapeHtml(report.target)} · ${escapeHtml(report.generatedAt)}</div>
<p><span class="pill">${t.rules} rules</span><span class="pill passed">${t.passed} passed</span><span class="pill failed">${t.failed} failed</span><span class="pill not-run">${t['not-run']} not run</span><span class="pill uncovered">${t.uncovered} uncovered</span></p>
${table(['rule', 'the document says', 'result', 'tests'], rows)}`);
}
