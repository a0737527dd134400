/**
 * The rule ids a title shows for people (`title [RULE-A, RULE-B] @tag`): what declared-rules.test.ts
 * holds every test's declaration to, and what the fake tests of the report tests declare.
 */
import type { TestCase } from '@playwright/test/reporter';

export const titleIds = (title: string): string[] =>
  /\[([A-Z0-9, -]+)\]\s*(@\S+\s*)*$/
    .exec(title)?.[1]
    ?.split(',')
    .map((id) => id.trim()) ?? [];

/** A fake test's annotations: the rules its title names, declared as `rules()` does. */
export const declaredBy = (title: string): TestCase['annotations'] =>
  titleIds(title).map((id) => ({ type: 'rule', description: id }));
