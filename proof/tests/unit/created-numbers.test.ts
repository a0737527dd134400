import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { sharedNumberFindings } from '../../../lib/checks/created-number-own.js';
import { CreatedNumbers } from '../../../lib/created-numbers.js';
import type { Exchange } from '../../../lib/exchange.js';
import { expect } from '../../../lib/judge.js';

const at = (ms: number) => new Date(ms).toISOString();
const run = () => mkdtempSync(join(tmpdir(), 'numbers-'));

test('a number answered to two creations of the run is shared: the second learns the first at once, the first when it looks', () => {
  const dir = run();
  const worker1 = new CreatedNumbers(dir, 'main');
  const worker2 = new CreatedNumbers(dir, 'main');
  const first = worker1.take('7000001013', 'test one', at(1_000), { customerName: 'test one' });
  expect(first.earlier).toBeUndefined();
  expect(worker1.sharedWith('7000001013', first.mine)).toBeUndefined();
  const second = worker2.take('7000001013', 'test two', at(1_010), { customerName: 'test two' });
  expect(second.earlier).toEqual(first.mine);
  expect(worker1.sharedWith('7000001013', first.mine)).toEqual(second.mine);
  // Another number, or the same number of the second client's hierarchy or of another target, is no one's share.
  expect(worker2.take('7000001014', 'test two', at(1_020), { customerName: 'test two' }).earlier).toBeUndefined();
  // The same body answered the same number again: the document does not say that it makes a second customer.
  expect(worker2.take('7000001014', 'test two', at(1_025), { customerName: 'test two' }).earlier).toBeUndefined();
  expect(
    new CreatedNumbers(dir, 'second').take('7000001013', 'test three', at(1_030), { customerName: 'test three' })
      .earlier
  ).toBeUndefined();
  expect(
    new CreatedNumbers(dir, 'main http://127.0.0.1:4011').take('7000001013', 'test four', at(1_040), {
      customerName: 'test four',
    }).earlier
  ).toBeUndefined();
});

test('a creation sent after the close of the holder was answered may get its number again; one sent before shares it', () => {
  const dir = run();
  const numbers = new CreatedNumbers(dir, 'main');
  const holder = numbers.take('7000001020', 'test one', at(1_000), { customerName: 'test one' }).mine;
  numbers.letGo('7000001020', 2_000);
  // Sent while the holder's customer was open: answered the number of a customer that was not closed.
  expect(numbers.take('7000001020', 'test two', at(1_500), { customerName: 'test two' }).earlier).toEqual(holder);
  const again = numbers.take('7000001020', 'test three', at(2_000), { customerName: 'test three' });
  expect(again.earlier).toBeUndefined();
  // The new holder's number is its own until it is closed in turn.
  expect(numbers.take('7000001020', 'test four', at(2_100), { customerName: 'test four' }).earlier).toEqual(again.mine);
  // A close of a number no creation of the run was answered (a seeded customer) is nothing to let go.
  expect(() => numbers.letGo('7000000010', 3_000)).not.toThrow();
});

test('a creation answered a shared number is a CUST-CREATE-RETURNS-NUMBER failure at /customerAccountNumber that spoils the test', () => {
  const exchange = {
    operationId: 'createSubCustomer',
    response: { status: 200, body: { customerAccountNumber: '7000001013' } },
  } as unknown as Exchange;
  expect(sharedNumberFindings(exchange)).toEqual([]);
  const [finding, ...more] = sharedNumberFindings({
    ...exchange,
    sharedNumber: {
      accountNumber: '7000001013',
      with: { claim: 'c', test: 'test one', startedAt: at(1_000), sent: 'd' },
    },
  });
  expect(more).toEqual([]);
  expect(finding).toMatchObject({
    kind: 'failure',
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    where: '/customerAccountNumber',
    spoilsTest: true,
  });
  expect(finding!.title).toContain('test "test one"');
});
