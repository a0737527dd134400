/**
 * A test declares the rules it judges in its Playwright details, typed, so that an unknown id is a
 * compile error: `test('title [CARD-BLOCK] @write', rules('CARD-BLOCK'), async (...) => ...)`. The
 * title keeps the ids for people; a unit test (declared-rules.test.ts) holds the two together.
 */
import type { TestDetails, TestDetailsAnnotation } from '@playwright/test';
import type { RuleId } from './catalogue.js';

const RULE = 'rule';

export function rules(...ids: [RuleId, ...RuleId[]]): TestDetails {
  return { annotation: ids.map((id) => ({ type: RULE, description: id })) };
}

/** The rules a test declared, from its annotations (testInfo, TestCase or the JSON listing). */
export function declaredRuleIds(annotations: readonly TestDetailsAnnotation[]): RuleId[] {
  return annotations.filter((a) => a.type === RULE && a.description).map((a) => a.description as RuleId);
}
