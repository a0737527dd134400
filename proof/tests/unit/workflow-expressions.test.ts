/**
 * The local runner's GitHub Actions expressions (proof/workflow/expressions.ts): values, contexts,
 * operators and functions as GitHub evaluates them, `if:` with its implied success(), and a
 * one-line error for what it does not know.
 */
import { expect, test } from '@playwright/test';
import { WorkflowError } from '../../workflow/errors.js';
import {
  checkExpression,
  condition,
  type ExpressionContext,
  evaluateExpression,
  interpolate,
} from '../../workflow/expressions.js';

function context(status: Partial<ExpressionContext['status']> = {}): ExpressionContext {
  return {
    contexts: {
      github: { run_id: '17', ref: 'refs/heads/main' },
      vars: { FLEET_BASE_URL: 'https://fleet-test.example.com' },
      secrets: { TOKEN: 's3cret' },
      matrix: { shard: 3 },
      needs: { conformance: { result: 'failure' } },
    },
    status: { success: true, failure: false, cancelled: false, ...status },
  };
}

test('interpolation: contexts, a missing variable as empty text, numbers as written', () => {
  expect(interpolate('--shard=${{ matrix.shard }}/4 run ${{github.run_id}}', context())).toBe('--shard=3/4 run 17');
  expect(interpolate('${{ vars.FLEET_BASE_URL }}|${{ vars.UNSET }}|', context())).toBe(
    'https://fleet-test.example.com||'
  );
  expect(interpolate("${{ format('{0}-{1}', 'nightly-gate', github.run_id) }}", context())).toBe('nightly-gate-17');
});

test('operators and functions as GitHub has them: case-insensitive strings, short-circuit values', () => {
  expect(evaluateExpression("github.ref == 'REFS/HEADS/MAIN'", context())).toBe(true);
  expect(evaluateExpression("needs.conformance.result != 'success' && 'red' || 'green'", context())).toBe('red');
  expect(evaluateExpression('matrix.shard >= 3 && matrix.shard < 4', context())).toBe(true);
  expect(
    evaluateExpression(
      "contains('blob-report-3', 'REPORT') && startsWith(github.ref, 'refs/') && !endsWith(github.ref, 'x')",
      context()
    )
  ).toBe(true);
  expect(evaluateExpression("vars['FLEET_BASE_URL']", context())).toBe('https://fleet-test.example.com');
  expect(evaluateExpression("'it''s'", context())).toBe("it's");
});

test('if: success() is implied unless a status function is named', () => {
  const failed = context({ success: false, failure: true });
  expect(condition(undefined, failed)).toBe(false);
  expect(condition("github.ref == 'refs/heads/main'", failed)).toBe(false);
  expect(condition('${{ !cancelled() }}', failed)).toBe(true);
  expect(condition('${{ !cancelled() }}', context({ success: false, cancelled: true }))).toBe(false);
  expect(condition('always()', context({ success: false, cancelled: true }))).toBe(true);
  expect(condition('failure()', failed)).toBe(true);
  expect(condition(true, context())).toBe(true);
});

test('what it does not know is one line naming it, before the run', () => {
  const contexts = ['github', 'vars', 'secrets', 'matrix'];
  expect(() => checkExpression("hashFiles('package-lock.json')", contexts)).toThrow(
    new WorkflowError(
      'unknown function hashFiles() in expression "hashFiles(\'package-lock.json\')" (the local runner knows: success(), failure(), cancelled(), always(), contains(), startsWith(), endsWith(), format())'
    )
  );
  expect(() => checkExpression('inputs.shards', contexts)).toThrow(
    /^unknown context "inputs" in expression "inputs.shards" \(the local runner knows: github, vars, secrets, matrix\)$/
  );
  expect(() => checkExpression("github.ref == 'main", contexts)).toThrow(/^unterminated string in expression/);
  expect(() => checkExpression('matrix.shard ==', contexts)).toThrow(
    /^unexpected end in expression "matrix.shard =="$/
  );
  expect(() => checkExpression('matrix.shard ~ 1', contexts)).toThrow(/^unexpected "~" in expression/);
});
