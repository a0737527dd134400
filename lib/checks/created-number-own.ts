import type { Exchange } from '../exchange.js';
import type { Check, Finding } from './types.js';

/**
 * "200: operation status plus customerAccountNumber (string) of the new customer": a creation
 * answered the number of a customer another creation of the run made and did not close
 * (lib/created-numbers.ts) was not answered its own. Whatever the test did next with that customer
 * was done to another's too.
 */
export function sharedNumberFindings(exchange: Exchange): Finding[] {
  const shared = exchange.sharedNumber;
  if (!shared) return [];
  const other = shared.with.test ? `test "${shared.with.test}"` : "a worker's set-up";
  return [
    {
      kind: 'failure',
      check: createdNumberOwn.name,
      rule: createdNumberOwn.rule,
      title: `customerAccountNumber ${shared.accountNumber} was answered to another creation of this run too (${other}, sent ${shared.with.startedAt}), whose customer was not closed`,
      where: '/customerAccountNumber',
      received: JSON.stringify(shared.accountNumber),
      documented: 'the customerAccountNumber of the new customer',
      spoilsTest: true,
    },
  ];
}

export const createdNumberOwn: Check = {
  name: 'created_number_own',
  rule: 'CUST-CREATE-RETURNS-NUMBER',
  run: ({ exchange }) => sharedNumberFindings(exchange),
};
