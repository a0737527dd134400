/**
 * Every statement of the document that cites a rule is proven: a sandbox fault breaks it (each
 * clause of it, when it says several things) and names it (sandbox/faults.ts, `proves`), so that the
 * fault self-test's catch of that fault, with the fault's rule red, shows the suite detects a breach
 * of that statement and not merely of the same rule elsewhere. A fault names only statements and
 * fields that exist and that cite its rule. Statements that cite only register entries are the
 * variants' to prove (npm run selftest:variants); those that cite nothing say why.
 */
import { expect, test } from '@playwright/test';
import { citesARule, clauses, proofKeys, resourceTables, statementOf, statements, untestedParts } from '../../../lib/rules/document.js';
import { faultCatalogue, type FaultDefinition } from '../../../sandbox/faults.js';

const faults = Object.entries(faultCatalogue as Record<string, FaultDefinition>);
const fields = new Map<string, { cites: string[] }>(resourceTables.flatMap((t) => t.fields.map((f) => [`field:${t.resource}.${f.name}`, f] as const)));

/** Why `key`, named by a fault of `rule`, is no proof: unknown, a clause the statement lacks, or not citing the rule. */
function wrongProof(key: string, rule: string): string | undefined {
  if (key.startsWith('field:')) {
    const field = fields.get(key);
    return !field ? 'no such field' : field.cites.includes(rule) ? undefined : `the field does not cite ${rule}`;
  }
  const statement = statementOf(key);
  if (!statement) return 'no such statement';
  if (!proofKeys(statement).includes(key)) return statement.clauses ? `name one of its clauses: ${proofKeys(statement).join(', ')}` : 'the statement has no clauses';
  return statement.cites.includes(rule) ? undefined : `the statement does not cite ${rule}`;
}

test('statement keys are unique; the clause and untested tables name statements that exist, and a clause has words', () => {
  const keys = statements.map((s) => s.key);
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  expect(keys.filter((k) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(k))).toEqual([]);
  expect([...Object.keys(clauses), ...Object.keys(untestedParts)].filter((k) => !statementOf(k))).toEqual([]);
  expect(Object.entries(clauses).flatMap(([k, c]) => Object.entries(c).filter(([name, words]) => !/^[\w-]+$/.test(name) || !words).map(([name]) => `${k}#${name}`))).toEqual([]);
  expect(statements.filter((s) => s.notTestable && (s.clauses || s.untested)).map((s) => s.key)).toEqual([]);
});

test('every fault proves something: each key it names is a statement (or its clause) or a field that cites the fault\'s rule', () => {
  expect(faults.filter(([, f]) => f.proves.length === 0).map(([id]) => id), 'faults that prove nothing').toEqual([]);
  const wrong = faults.flatMap(([id, f]) => f.proves.flatMap((key) => {
    const why = wrongProof(key, f.rule);
    return why ? [`${id} → ${key}: ${why}`] : [];
  }));
  expect(wrong).toEqual([]);
});

test('every statement that cites a rule is proven by a fault of one of its rules, clause by clause', () => {
  const proven = new Set(faults.flatMap(([, f]) => f.proves));
  const unproven = statements.filter(citesARule).flatMap((s) => proofKeys(s).filter((k) => !proven.has(k)).map((k) => `${k} (${s.cites.filter((c) => !c.startsWith('ASSUME-')).join(', ')}): ${s.words.slice(0, 80)}`));
  expect(unproven, 'cited statements (or clauses) that no fault proves').toEqual([]);
});
