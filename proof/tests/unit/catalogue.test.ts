import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mappedSchemas } from '../../../lib/checks/schema-rules.js';
import { operations } from '../../../lib/operations.js';
import { assumptions } from '../../../lib/rules/assumptions.js';
import { ruleById, ruleList } from '../../../lib/rules/catalogue.js';
import { faultCatalogue } from '../../../sandbox/faults.js';

test("rule ids are unique, stable in form, and carry the document's words", () => {
  const ids = ruleList.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const rule of ruleList) {
    expect(rule.id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);
    expect(rule.words.length).toBeGreaterThan(10);
    expect(rule.section.length).toBeGreaterThan(3);
  }
});

test('an unknown rule id is an error', () => {
  expect(() => ruleById('CUST-NAME-MAX-311')).toThrow(/unknown rule id "CUST-NAME-MAX-311"/);
});

test('every fault names a catalogue rule', () => {
  for (const [id, fault] of Object.entries(faultCatalogue as Record<string, { rule: string }>)) {
    expect(() => ruleById(fault.rule), `fault ${id}`).not.toThrow();
  }
});

test('every response schema of the operations table maps its errors to a rule', () => {
  const used = new Set(
    Object.values(operations).flatMap((op) =>
      Object.values(op.responses).flatMap((b) => ('schema' in b ? [b.schema] : []))
    )
  );
  for (const schema of used) expect(mappedSchemas, schema).toContain(schema);
});

test('every register id sandbox/README.md names is an entry of lib/rules/assumptions.ts (its list is written from them)', () => {
  const readme = readFileSync(new URL('../../../sandbox/README.md', import.meta.url), 'utf8');
  const registered = new Set(assumptions.map((a) => a.id));
  const named = new Set(readme.match(/ASSUME-[A-Z0-9-]+[A-Z0-9]/g) ?? []);
  expect([...named].filter((id) => !registered.has(id))).toEqual([]);
});
