/**
 * A test declares its rules in its Playwright details (lib/rules/declared.ts), typed; its title
 * names the same ids in brackets for people. Every listed test holds the two together.
 */
import { expect, test } from '@playwright/test';
import { listTests } from '../../../lib/listed-tests.js';
import { declaredRuleIds, rules } from '../../../lib/rules/declared.js';
import { titleIds } from './title-ids.js';

test('rules() declares the ids as annotations, read back in order; an unknown id or none does not compile', () => {
  expect(rules('CARD-BLOCK', 'CARD-GET')).toEqual({
    annotation: [
      { type: 'rule', description: 'CARD-BLOCK' },
      { type: 'rule', description: 'CARD-GET' },
    ],
  });
  expect(
    declaredRuleIds([
      { type: 'skip' },
      { type: 'rule', description: 'CARD-GET' },
      { type: 'rule', description: 'CARD-BLOCK' },
    ])
  ).toEqual(['CARD-GET', 'CARD-BLOCK']);
  // @ts-expect-error: a typo in a declared id is a compile error.
  rules('CARD-BLOK');
  // @ts-expect-error: a test declares at least one rule.
  rules();
});

test("every test declares the rules its title names, in the title's order; only the findings check declares none", () => {
  // Listed as against the embedded sandbox, whatever .env says: a production target would hide the @write tests.
  const listed = listTests([], { ...process.env, FLEET_BASE_URL: '', FLEET_TARGET: 'sandbox' });
  expect(listed.length).toBeGreaterThan(250);
  const isFindings = (t: (typeof listed)[number]) => t.tags.includes('@findings');
  expect(listed.filter((t) => !isFindings(t) && !t.ruleIds.length).map((t) => t.key)).toEqual([]);
  expect(
    listed
      .filter((t) => titleIds(t.title).join() !== t.ruleIds.join())
      .map((t) => `${t.key}: title ${titleIds(t.title).join()}, declared ${t.ruleIds.join()}`)
  ).toEqual([]);
  expect(listed.filter(isFindings).map((t) => t.ruleIds)).toEqual([[]]);
});
