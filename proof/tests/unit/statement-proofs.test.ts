/**
 * Every statement of the document that cites a rule is proven: a sandbox fault breaks it (each
 * clause of it, when it says several things) and names it (sandbox/faults.ts, `proves`), so that the
 * fault self-test's catch of that fault, with the fault's rule red, shows the suite detects a breach
 * of that statement and not merely of the same rule elsewhere. A fault names only statements and
 * fields that exist and that cite its rule. Statements that cite only register entries are the
 * variants' to prove (npm run selftest:variants); those that cite nothing say why.
 */
import { expect, test } from '@playwright/test';
import type { RuleStatus } from '../../../lib/report/coverage.js';
import { buildDocumentReport } from '../../../lib/report/document-html.js';
import { ruleList } from '../../../lib/rules/catalogue.js';
import {
  citesARule,
  clauses,
  proofKeys,
  resourceTables,
  statementOf,
  statements,
  untestedParts,
} from '../../../lib/rules/document.js';
import { type FaultRow, faultCatalogue, faultProofs } from '../../../sandbox/faults.js';

const faults = Object.entries(faultCatalogue as Record<string, FaultRow>);
const fields = new Map<string, { cites: string[] }>(
  resourceTables.flatMap((t) => t.fields.map((f) => [`field:${t.resource}.${f.name}`, f] as const))
);

/** Why `key`, named by a fault of `rule`, is no proof: unknown, a clause the statement lacks, or not citing the rule. */
function wrongProof(key: string, rule: string): string | undefined {
  if (key.startsWith('field:')) {
    const field = fields.get(key);
    return !field ? 'no such field' : field.cites.includes(rule) ? undefined : `the field does not cite ${rule}`;
  }
  const statement = statementOf(key);
  if (!statement) return 'no such statement';
  if (!proofKeys(statement).includes(key))
    return statement.clauses
      ? `name one of its clauses: ${proofKeys(statement).join(', ')}`
      : 'the statement has no clauses';
  return statement.cites.includes(rule) ? undefined : `the statement does not cite ${rule}`;
}

test('statement keys are unique; the clause and untested tables name statements that exist, and a clause has words', () => {
  const keys = statements.map((s) => s.key);
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  expect(keys.filter((k) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(k))).toEqual([]);
  expect([...Object.keys(clauses), ...Object.keys(untestedParts)].filter((k) => !statementOf(k))).toEqual([]);
  expect(
    Object.entries(clauses).flatMap(([k, c]) =>
      Object.entries(c)
        .filter(([name, words]) => !/^[\w-]+$/.test(name) || !words)
        .map(([name]) => `${k}#${name}`)
    )
  ).toEqual([]);
  expect(statements.filter((s) => s.notTestable && (s.clauses || s.untested)).map((s) => s.key)).toEqual([]);
});

test("every fault proves something: each key it names is a statement (or its clause) or a field that cites the fault's rule", () => {
  expect(
    faults.filter(([, f]) => f.proves.length === 0).map(([id]) => id),
    'faults that prove nothing'
  ).toEqual([]);
  const wrong = faults.flatMap(([id, f]) =>
    f.proves.flatMap((key) => {
      const why = wrongProof(key, f.rule);
      return why ? [`${id} → ${key}: ${why}`] : [];
    })
  );
  expect(wrong).toEqual([]);
});

test('every statement that cites a rule is proven by a fault of one of its rules, clause by clause', () => {
  const proven = new Set(faults.flatMap(([, f]) => f.proves));
  const unproven = statements.filter(citesARule).flatMap((s) =>
    proofKeys(s)
      .filter((k) => !proven.has(k))
      .map((k) => `${k} (${s.cites.filter((c) => !c.startsWith('ASSUME-')).join(', ')}): ${s.words.slice(0, 80)}`)
  );
  expect(unproven, 'cited statements (or clauses) that no fault proves').toEqual([]);
});

test("document.html's data: every statement once, in the document's order, with the worst verdict of its rules and its proof", () => {
  const rules = ruleList.map((r) => ({
    id: r.id,
    family: r.family,
    section: r.section,
    words: r.words,
    origin: r.origin,
    status: (r.id === 'CARD-ORDER-ERRORS-ARRAY' ? 'failed' : 'passed') as RuleStatus,
    tests: [],
    findings: [],
    blocks: 0,
  }));
  const report = buildDocumentReport('test', rules, faultProofs);
  const keys = report.sections.flatMap((s) => s.statements.map((e) => e.key));
  expect([...keys].sort()).toEqual(statements.map((s) => s.key).sort());
  expect([report.sections[0]!.name, report.sections.at(-1)!.name]).toEqual(['Introduction', 'Versioning']);
  // The Limits table before "Rate limits: not shown.", the latency targets after their sentence, each state table after its section's sentences.
  expect(keys.indexOf('limits.sub-customer-depth')).toBe(keys.indexOf('limits.rate') - 2);
  expect(keys.indexOf('latency.list-customers')).toBe(keys.indexOf('limits.latency') + 1);
  expect(keys.indexOf('states.card.block')).toBe(keys.indexOf('states.card.order-states') + 1);
  const entry = (key: string) => report.sections.flatMap((s) => s.statements).find((e) => e.key === key)!;
  expect([entry('order.400').verdict, entry('errors.400').verdict, entry('order.202').verdict]).toEqual([
    'failed',
    'failed',
    'passed',
  ]);
  expect(entry('order.400').proof).toMatchObject({
    kind: 'proven',
    units: [{ key: 'order.400#array' }, { key: 'order.400#one-per-problem' }],
  });
  expect(entry('limits.rate').proof).toEqual({ kind: 'silence', register: ['ASSUME-RATE-LIMITS'] });
  expect(entry('events.not-shown').proof.kind).toBe('not-testable');
  const t = report.totals;
  expect(t.proven + t.partly + t.unproven + t.silences + t.notTestable).toBe(t.statements);
  // Each rule is stated (what it enforces listed) or the suite's own policy; each register entry an assumption.
  expect(t.stated + t.policies).toBe(ruleList.length);
  expect(report.rules.filter((r) => r.origin !== 'policy' && !r.enforces.length).map((r) => r.id)).toEqual([]);
  expect(report.rules.find((r) => r.id === 'CUST-LIST-CURSOR-SCOPE')!.enforces).toEqual([
    'list.cursor',
    'list.cursor#filters-kept',
  ]);
  expect(report.assumptions.find((a) => a.id === 'ASSUME-CURSOR-OTHER-FILTERS')).toMatchObject({
    strict: true,
    statements: ['list.cursor', 'search.cursor'],
  });
  expect(report.assumptions.find((a) => a.id === 'ASSUME-RATE-LIMITS')!.strict).toBe(false);
});
