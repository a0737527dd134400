import { expect, test } from '@playwright/test';
import { mergeDrift } from '../../../lib/report/drift.js';
import type { DriftRecord } from '../../../lib/report/test-sink.js';

const record = (operationId: string, received: string): DriftRecord => ({
  kind: 'drift',
  check: 'undocumented_values',
  rule: 'HTTP-STATUS-DOCUMENTED',
  title: `undocumented value "${received}" at errorCode`,
  where: 'errorCode',
  received,
  operationId,
  count: 1,
  example: { method: 'GET', path: `/${operationId}`, status: 401 },
});

test('the same drift on several operations is one entry naming them all, with the first example', () => {
  const merged = mergeDrift([
    record('getCard', 'UNAUTHORIZED'),
    record('getCustomer', 'UNAUTHORIZED'),
    record('getCard', 'UNAUTHORIZED'),
    record('getCard', 'FORBIDDEN'),
  ]);
  expect(merged.map((e) => [e.received, e.operations, e.occurrences, e.example.path])).toEqual([
    ['FORBIDDEN', ['getCard'], 1, '/getCard'],
    ['UNAUTHORIZED', ['getCard', 'getCustomer'], 3, '/getCard'],
  ]);
});
