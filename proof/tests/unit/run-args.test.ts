/** npm run conformance's own arguments (lib/run-args.ts): --verbose, and --rule, which selects exactly the tests of a rule. */
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../../lib/config.js';
import { nearRules, parseRunArgs, ruleGrep } from '../../../lib/run-args.js';

test('--rule selects exactly the titles that name the rule, never a rule whose id begins with it', () => {
  const grep = new RegExp(ruleGrep(['CARD-BLOCK']));
  expect(grep.test('block makes a card no longer Active [CARD-BLOCK, CARD-UNBLOCK-REACTIVATES] @write')).toBe(true);
  expect(grep.test('status after its block [CARD-UNBLOCK-REACTIVATES, CARD-BLOCK]')).toBe(true);
  expect(grep.test('block and unblock without statusReasonId are refused [CARD-BLOCK-REASON-REQUIRED] @write')).toBe(
    false
  );
  expect(grep.test('a card of another client [CARD-FOREIGN-403, AUTH-FORBIDDEN-403]')).toBe(false);
  const both = new RegExp(ruleGrep(['CARD-BLOCK', 'CUST-SHAPE']));
  expect(both.test('GET /customers answers 200 [CUST-SHAPE]')).toBe(true);
});

test('--rule is repeatable, takes --rule=ID too, and is handed to Playwright as one grep; --verbose is not handed on', () => {
  const run = parseRunArgs(['--rule', 'card-block', '--rule=CUST-SHAPE', '--verbose', '--workers=1']);
  expect(run.rules).toEqual(['CARD-BLOCK', 'CUST-SHAPE']);
  expect(run.verbose).toBe(true);
  expect(run.playwright).toEqual(['--workers=1', '--grep', ruleGrep(['CARD-BLOCK', 'CUST-SHAPE'])]);
  expect(parseRunArgs(['-g', 'smoke'])).toEqual({ playwright: ['-g', 'smoke'], verbose: false, rules: [] });
});

test('an unknown rule id is one line listing the near ones; --rule with -g is refused', () => {
  expect(() => parseRunArgs(['--rule', 'CARD-BLOK'])).toThrow(
    new ConfigError('--rule CARD-BLOK: no such rule; near: CARD-BLOCK')
  );
  expect(nearRules('CARD-BLOCK-REASON')).toContain('CARD-BLOCK-REASON-REQUIRED');
  expect(() => parseRunArgs(['--rule', 'NOTHING-LIKE-IT-AT-ALL'])).toThrow(
    /^--rule NOTHING-LIKE-IT-AT-ALL: no such rule \(the ids are in/
  );
  expect(() => parseRunArgs(['--rule'])).toThrow(/^--rule: needs a rule id/);
  expect(() => parseRunArgs(['--rule', 'CARD-BLOCK', '-g', 'x'])).toThrow(
    '--rule and -g both select tests: use one of them'
  );
});
