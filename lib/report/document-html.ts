/**
 * document.html: the interface document as the audit holds it (lib/rules/document.ts), section by
 * section in the document's order, for a reader who knows the document and not the suite. Each
 * statement with the rules that cite it, this run's verdict on them, the tests that judged them,
 * and whether the suite is proven to detect its breach: "proven by fault X" (a deliberate fault
 * of the sandbox that breaks that statement, or each of its clauses, and that the fault self-test
 * catches with its rule red), "cited, no fault yet", a silence the register settles (its variants
 * prove the other choices pass), or "not testable" with why. The totals at the top.
 */

import type { FaultProof } from '../../sandbox/launcher.js';
import { assumptions } from '../rules/assumptions.js';
import { type Rule, ruleList } from '../rules/catalogue.js';
import { citesARule, inDocumentOrder, proofKeys, resourceTables, type Statement } from '../rules/document.js';
import { PRECEDENCE, type RuleCoverage, type RuleStatus } from './coverage.js';
import { escapeHtml, num, page } from './html.js';
import type { Outcome } from './test-record.js';

export interface ProofUnit {
  /** The statement's key, or `key#clause`. */
  key: string;
  /** The clause's words, when the statement has clauses. */
  clause?: string;
  faults: { fault: string; rule: string }[];
}

export type Proof =
  | { kind: 'proven' | 'partly' | 'unproven'; units: ProofUnit[] }
  | { kind: 'silence'; register: string[] }
  | { kind: 'not-testable'; why: string };

export interface StatementEntry {
  key: string;
  words: string;
  rules: { id: string; status: RuleStatus }[];
  register: string[];
  tests: { title: string; outcome: Outcome }[];
  /** The worst verdict of its rules in this run; undefined when it cites none. */
  verdict?: RuleStatus;
  proof: Proof;
  untested?: string;
}

/** A rule of the catalogue: what of the document it enforces (statements, their clauses its faults prove, resource fields). */
export interface RuleEntry {
  id: string;
  words: string;
  origin: Rule['origin'];
  status: RuleStatus;
  enforces: string[];
}

/** An entry of the register: a silence, where any reasonable answer passes; `strict`: FLEET_STRICT switches on a stricter reading. */
export interface AssumptionEntry {
  id: string;
  silence: string;
  strict: boolean;
  statements: string[];
}

export interface DocumentReport {
  target: string;
  generatedAt: string;
  totals: {
    statements: number;
    cited: number;
    proven: number;
    partly: number;
    unproven: number;
    silences: number;
    notTestable: number;
    faults: number;
    /** Rules that enforce what the document states (or what follows from it), the suite's own policies, and the register's assumptions. */
    stated: number;
    policies: number;
    assumptions: number;
  };
  sections: { name: string; statements: StatementEntry[] }[];
  rules: RuleEntry[];
  assumptions: AssumptionEntry[];
}

/** What each rule enforces: the statements and fields that cite it, with the clauses its faults prove. */
function enforced(proofs: readonly FaultProof[]): Map<string, string[]> {
  const of = new Map<string, Set<string>>();
  const add = (rule: string, what: string) => of.set(rule, (of.get(rule) ?? new Set()).add(what));
  for (const s of inDocumentOrder()) for (const id of s.cites) add(id, s.key);
  for (const t of resourceTables)
    for (const f of t.fields) for (const id of f.cites) add(id, `field:${t.resource}.${f.name}`);
  for (const p of proofs) for (const key of p.proves) if (key.includes('#')) add(p.rule, key);
  return new Map([...of].map(([rule, set]) => [rule, [...set].sort()]));
}

function proofOf(s: Statement, faultsOf: Map<string, { fault: string; rule: string }[]>): Proof {
  if (s.notTestable) return { kind: 'not-testable', why: s.notTestable };
  if (!citesARule(s)) return { kind: 'silence', register: s.cites };
  const units = proofKeys(s).map((key): ProofUnit => {
    const clause = key.includes('#') ? s.clauses?.[key.split('#')[1]!] : undefined;
    return { key, ...(clause ? { clause } : {}), faults: faultsOf.get(key) ?? [] };
  });
  const proven = units.filter((u) => u.faults.length).length;
  return { kind: proven === units.length ? 'proven' : proven ? 'partly' : 'unproven', units };
}

/** The audit with this run's rule verdicts and tests (none before a run: `rules` undefined) and the faults that prove each statement. */
export function buildDocumentReport(
  target: string,
  rules: RuleCoverage[] | undefined,
  proofs: readonly FaultProof[]
): DocumentReport {
  const faultsOf = new Map<string, { fault: string; rule: string }[]>();
  for (const p of proofs)
    for (const key of p.proves) faultsOf.set(key, [...(faultsOf.get(key) ?? []), { fault: p.fault, rule: p.rule }]);
  const coverage = new Map((rules ?? []).map((r) => [r.id, r]));
  const sections: DocumentReport['sections'] = [];
  for (const s of inDocumentOrder()) {
    const ruleIds = s.cites.filter((id) => !id.startsWith('ASSUME-'));
    const statuses = ruleIds.map((id) => ({ id, status: coverage.get(id)?.status ?? 'uncovered' }));
    const tests = new Map(
      ruleIds.flatMap((id) => coverage.get(id)?.tests ?? []).map((t) => [t.key, { title: t.title, outcome: t.outcome }])
    );
    const verdict = PRECEDENCE.find((p) => statuses.some((r) => r.status === p));
    const entry: StatementEntry = {
      key: s.key,
      words: s.words,
      rules: statuses,
      register: s.cites.filter((id) => id.startsWith('ASSUME-')),
      tests: [...tests.values()],
      ...(verdict ? { verdict } : {}),
      proof: proofOf(s, faultsOf),
      ...(s.untested ? { untested: s.untested } : {}),
    };
    const last = sections.at(-1);
    if (last?.name === s.section) last.statements.push(entry);
    else sections.push({ name: s.section, statements: [entry] });
  }
  const all = sections.flatMap((x) => x.statements);
  const count = (kind: Proof['kind']) => all.filter((e) => e.proof.kind === kind).length;
  const enforces = enforced(proofs);
  const ruleEntries = ruleList.map(
    (r): RuleEntry => ({
      id: r.id,
      words: r.words,
      origin: r.origin,
      status: coverage.get(r.id)?.status ?? 'uncovered',
      enforces: enforces.get(r.id) ?? [],
    })
  );
  const assumptionEntries = assumptions.map(
    (a): AssumptionEntry => ({
      id: a.id,
      silence: a.silence,
      strict: a.suite.includes(`FLEET_STRICT=${a.id}`),
      statements: enforces.get(a.id) ?? [],
    })
  );
  return {
    target,
    generatedAt: new Date().toISOString(),
    sections,
    totals: {
      statements: all.length,
      cited: all.filter((e) => e.rules.length).length,
      proven: count('proven'),
      partly: count('partly'),
      unproven: count('unproven'),
      silences: count('silence'),
      notTestable: count('not-testable'),
      faults: proofs.length,
      stated: ruleEntries.filter((r) => r.origin !== 'policy').length,
      policies: ruleEntries.filter((r) => r.origin === 'policy').length,
      assumptions: assumptionEntries.length,
    },
    rules: ruleEntries,
    assumptions: assumptionEntries,
  };
}

const id = (value: string) => `<code class="id">${escapeHtml(value)}</code>`;

function faultsHtml(unit: ProofUnit): string {
  if (!unit.faults.length) return '<span class="unproven">cited, no fault yet</span>';
  const [first, ...more] = unit.faults;
  const rest = more.length ? ` <small>and ${more.length} more: ${more.map((f) => id(f.fault)).join(', ')}</small>` : '';
  return `proven by fault ${id(first!.fault)} <small>(${id(first!.rule)} red)</small>${rest}`;
}

function proofHtml(proof: Proof): string {
  if (proof.kind === 'not-testable')
    return `<div class="proof"><span class="not-testable">not testable</span>: ${escapeHtml(proof.why)}</div>`;
  if (proof.kind === 'silence')
    return `<div class="proof"><span class="silence">a silence</span>, settled by ${proof.register.map(id).join(', ')}: the variants prove the suite passes the other choices</div>`;
  if (proof.units.length === 1 && !proof.units[0]!.clause)
    return `<div class="proof">${faultsHtml(proof.units[0]!)}</div>`;
  return `<ul class="proof">${proof.units.map((u) => `<li><i>${escapeHtml(u.clause ?? u.key)}</i>: ${faultsHtml(u)}</li>`).join('')}</ul>`;
}

function rulesHtml(e: StatementEntry): string {
  const register = e.register
    .map((a) => `<li><a href="#${escapeHtml(a)}">${id(a)}</a> <small>assumption</small></li>`)
    .join('');
  if (!e.rules.length) return register ? `<small>register only</small><ul>${register}</ul>` : '<small>—</small>';
  const verdict = `<div>this run: <span class="${e.verdict}">${escapeHtml(e.verdict)}</span></div>`;
  return `${verdict}<ul>${e.rules.map((r) => `<li><a href="#${escapeHtml(r.id)}">${id(r.id)}</a> <small>stated</small> <span class="${r.status}">${escapeHtml(r.status)}</span></li>`).join('')}${register}</ul>`;
}

const ORIGIN: Record<Rule['origin'], string> = {
  document: 'stated',
  derived: 'stated (follows from the document)',
  policy: "the suite's own policy",
};

/** Every rule with what of the document it enforces, then every assumption with the silence it settles. */
function rulesAndAssumptionsHtml(report: DocumentReport): string {
  const rules = report.rules.map(
    (r) =>
      `<tr id="${escapeHtml(r.id)}"><td>${id(r.id)}</td><td>${escapeHtml(ORIGIN[r.origin])}</td><td><small>${escapeHtml(r.words)}</small></td><td><small>${r.enforces.map((k) => `<a href="#${escapeHtml(k.split('#')[0]!)}">${escapeHtml(k)}</a>`).join(', ') || '—'}</small></td><td><span class="${r.status}">${escapeHtml(r.status)}</span></td></tr>`
  );
  const register = report.assumptions.map(
    (a) =>
      `<tr id="${escapeHtml(a.id)}"><td>${id(a.id)}</td><td>assumption${a.strict ? '<br><small>stricter reading: FLEET_STRICT</small>' : ''}</td><td><small>${escapeHtml(a.silence)}</small></td><td><small>${a.statements.map((k) => `<a href="#${escapeHtml(k)}">${escapeHtml(k)}</a>`).join(', ') || '—'}</small></td></tr>`
  );
  return `<h2 id="rules">Rules: stated, or an assumption</h2>
<p><small>A rule enforces what the document states (the statements and clauses listed); it fails a server that breaks them. An assumption is an entry of the register, where the document is silent: every reasonable answer passes and is recorded in drift.html; a stricter reading runs only when FLEET_STRICT names it, and its failure is an assumption failure, never a rule's.</small></p>
<div class="table-wrap"><table><thead><tr><th>rule</th><th>kind</th><th>words</th><th>enforces</th><th>this run</th></tr></thead><tbody>
${rules.join('\n')}
</tbody></table></div>
<div class="table-wrap"><table><thead><tr><th>register entry</th><th>kind</th><th>the silence</th><th>statements</th></tr></thead><tbody>
${register.join('\n')}
</tbody></table></div>`;
}

function testsHtml(e: StatementEntry): string {
  if (!e.tests.length) return '<small>—</small>';
  return `<details><summary>${num(e.tests.length)} test${e.tests.length > 1 ? 's' : ''}</summary><ul>${e.tests.map((t) => `<li><span class="${t.outcome}">${escapeHtml(t.outcome)}</span> <small>${escapeHtml(t.title)}</small></li>`).join('')}</ul></details>`;
}

function statementHtml(e: StatementEntry): string {
  const untested = e.untested ? `<div><small>not checked: ${escapeHtml(e.untested)}</small></div>` : '';
  return `<tr id="${escapeHtml(e.key)}"><td><div>${escapeHtml(e.words)}</div><div><small class="key">${escapeHtml(e.key)}</small></div>${proofHtml(e.proof)}${untested}</td><td>${rulesHtml(e)}</td><td>${testsHtml(e)}</td></tr>`;
}

export function documentHtml(report: DocumentReport): string {
  const t = report.totals;
  const pills = [
    `${num(t.statements)} statements`,
    `${num(t.cited)} cite a rule`,
    `<span class="proven">${num(t.proven)} proven</span> (every clause by a fault the self-test catches)`,
    ...(t.partly ? [`<span class="unproven">${num(t.partly)} partly proven</span>`] : []),
    `<span class="unproven">${num(t.unproven)} cited, no fault yet</span>`,
    `${num(t.silences)} silences the register settles`,
    `${num(t.notTestable)} not testable`,
    `${num(t.faults)} sandbox faults`,
    `<a href="#rules">${num(t.stated)} rules stated</a>, ${num(t.policies)} the suite's own policies, ${num(t.assumptions)} assumptions`,
  ]
    .map((p) => `<span class="pill">${p}</span>`)
    .join(' ');
  const sections = report.sections
    .map(
      (s) => `<h2>${escapeHtml(s.name)}</h2>
<div class="table-wrap"><table class="statements"><thead><tr><th>the document's words, and the proof that a breach is detected</th><th>rules</th><th>tests</th></tr></thead><tbody>
${s.statements.map(statementHtml).join('\n')}
</tbody></table></div>`
    )
    .join('\n');
  return page(
    'fleet-conformance — the document, statement by statement',
    `<h1>The interface document, statement by statement</h1>
<div class="meta">target: ${escapeHtml(report.target)} · generated ${escapeHtml(report.generatedAt)}</div>
<p>${pills}</p>
<p><small>Each statement cites the rules that check it (their verdict in this run, and the tests that judged them). "Proven by fault X": the sandbox fault X breaks this statement (each clause has its own), and the fault self-test (<code>npm run selftest:faults</code>) catches it with that rule red, so a server that breaks it is caught. A silence ("not shown") is settled by the assumptions register: the suite passes every reasonable choice (<code>npm run selftest:variants</code>).</small></p>
${sections}
${rulesAndAssumptionsHtml(report)}`
  );
}
