/**
 * The checklist of adding a rule, one list: each step, the files it writes, and the test that fails
 * when a rule of the catalogue lacks it. docs/writing-specs.md ("Adding a rule") states the same
 * steps in the same order; the tests below keep the two in step, each step's check in existence,
 * and check the step no other test does: every rule is broken by a sandbox fault.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ruleList } from '../../../lib/rules/catalogue.js';
import { type FaultRow, faultCatalogue } from '../../../sandbox/faults.js';

interface Step {
  /** The step's name, as docs/writing-specs.md heads it. */
  step: string;
  /** The files the step writes. */
  files: string[];
  /** The tests (file and title) that fail when a rule lacks the step. */
  checkedBy: { file: string; title: string }[];
}

const THIS = 'proof/tests/unit/new-rule.test.ts';

const checklist: Step[] = [
  {
    step: 'The catalogue row',
    files: ['lib/rules/catalogue.ts'],
    checkedBy: [
      {
        file: 'proof/tests/unit/document.test.ts',
        title: "every rule of the catalogue, but the suite's own policies, is cited by some statement",
      },
      {
        file: 'proof/tests/unit/document.test.ts',
        title: 'what a catalogue row enforces is a statement of the document',
      },
    ],
  },
  {
    step: 'A spec names it',
    files: ['specs/'],
    checkedBy: [
      {
        file: 'proof/tests/unit/document.test.ts',
        title: 'every rule of the catalogue but the latency targets (npm run perf) is declared by a spec',
      },
    ],
  },
  {
    step: 'A sandbox fault breaks it',
    files: ['sandbox/faults/', 'sandbox/routes/'],
    checkedBy: [
      { file: THIS, title: 'every rule of the catalogue is broken by a fault of sandbox/faults.ts' },
      {
        file: 'proof/tests/unit/statement-proofs.test.ts',
        title: 'every statement that cites a rule is proven by a fault of one of its rules, clause by clause',
      },
      {
        file: 'proof/tests/sandbox/faults.test.ts',
        title: 'every fault but the latency faults (npm run perf) has a probe',
      },
    ],
  },
  {
    step: "The README's fault table",
    files: ['sandbox/README.md'],
    checkedBy: [
      { file: 'proof/tests/sandbox/readme-tables.test.ts', title: 'sandbox/README.md shows every row of the' },
    ],
  },
];

/**
 * Rules no sandbox fault breaks, and why: a promise of the suite about itself, which no server can break.
 * A rule that a fault breaks beside its own rule (`companions`) is broken by that fault.
 */
const noFault: Record<string, string> = {
  'SUITE-CLEANUP':
    "the suite's own clean-up after a run, not the server's behaviour: proof/tests/selftest/cleanup.test.ts proves it",
};

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

test('docs/writing-specs.md states the checklist: each step in order, with its files and the tests that check it', () => {
  const doc = read('docs/writing-specs.md');
  const section = doc.slice(doc.indexOf('## Adding a rule'));
  const items = section
    .split('\n## ')[0]!
    .split(/\n\d+\. /)
    .slice(1);
  expect(items.map((item) => /^\*\*(.+?)\*\*/.exec(item)?.[1])).toEqual(checklist.map((s) => s.step));
  checklist.forEach((s, i) => {
    const missing = [...s.files, ...s.checkedBy.map((c) => c.file)].filter((f) => !items[i]!.includes(f));
    expect(missing, `step ${i + 1}, ${s.step}: files and tests it does not name`).toEqual([]);
  });
});

test("each step's check is a test that exists", () => {
  const absent = checklist.flatMap((s) => s.checkedBy.filter((c) => !read(c.file).includes(c.title)));
  expect(absent).toEqual([]);
});

test('every rule of the catalogue is broken by a fault of sandbox/faults.ts (its rule or a companion), but the few that say why not', () => {
  const faults = Object.values(faultCatalogue as Record<string, FaultRow>);
  const broken = new Set(faults.flatMap((f) => [f.rule, ...(f.companions ?? [])]));
  expect(ruleList.filter((r) => !broken.has(r.id) && !noFault[r.id]).map((r) => r.id)).toEqual([]);
  expect(
    Object.keys(noFault).filter((id) => broken.has(id) || !ruleList.some((r) => r.id === id)),
    'exemptions of rules a fault breaks, or that are no rule'
  ).toEqual([]);
});
