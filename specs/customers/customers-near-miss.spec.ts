/**
 * A value near a customer's account number is not that customer: near misses (lib/arbitraries/
 * near-miss.arb.ts) of an account number the caller holds are refused, or name a customer of their
 * own, wherever an operation takes an account number: in the path, as the parent of a new
 * sub-customer, as the customer of a card order, as the filter of the customer list and the card
 * search. Any 4xx refuses (unknown, or malformed for a format the document does not show); a
 * server that trims, folds case, matches a prefix or reads the number as a number serves the
 * customer it was near. Another client's account numbers are the authorization matrix's (403).
 */

import { type NearMissTry, test } from '../../fixtures/near-miss.js';
import type { FleetApi } from '../../lib/api.js';
import type { ApiResponse } from '../../lib/client.js';
import { customerPage } from '../../lib/discovery.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import { subCustomerBody } from '../../lib/factories/customer.js';
import { rules } from '../../lib/rules/declared.js';
import { customerNamed, expectNotTaken } from '../../lib/steps/near-miss-steps.js';

const RULE = 'ERR-NOT-FOUND-404';

/** A near miss sent by `send`, served only where a customer with exactly that account number exists or the answer shows nothing (`empty`). */
function tryEach(
  api: FleetApi,
  operations: [name: string, send: (sent: string) => Promise<ApiResponse>, empty?: (response: ApiResponse) => boolean][]
): NearMissTry[] {
  return operations.map(([name, send, empty]) => async (sent, how) => {
    const response = await send(sent);
    await expectNotTaken(
      response,
      RULE,
      `${name} with ${JSON.stringify(sent)}, ${how}`,
      async () => empty?.(response) || customerNamed(api, sent)
    );
  });
}

test.describe('near misses of a customer account number', () => {
  test(
    `a value near the caller's account number (another case, a character changed, a prefix, trailing characters, blanks around it, leading zeros) is not found: get and card types refuse it, the customer list and card search filtered by it show nothing of that customer [${RULE}]`,
    rules(RULE),
    async ({ api, config, topLevelCustomer, nearMisses }) => {
      await nearMisses({ value: topLevelCustomer }, [
        async (sent, how) => {
          const response = await api.getCustomer(sent);
          await expectNotTaken(
            response,
            RULE,
            `GET /customers/{customerAccountNumber} with ${JSON.stringify(sent)}, ${how}`,
            () => response.body?.customerAccountNumber === sent,
            '/customerAccountNumber'
          );
        },
        ...tryEach(api, [
          ['GET /customers/{customerAccountNumber}/cardTypes', (s) => api.getCustomerCardTypes(s)],
          [
            'GET /customers?customerAccountNumber=',
            (s) => api.listCustomers({ customerAccountNumber: s, limit: 5 }),
            (r) => customerPage(r, config.customerListFields).customers.length === 0,
          ],
          [
            'POST /cards/search {customerAccountNumber}',
            (s) => api.cardSearch({ customerAccountNumber: s, limit: 5 }),
            (r) => !(r.body as { cards?: unknown[] }).cards?.length,
          ],
        ]),
      ]);
    }
  );

  test(
    `a value near the account number of the caller's sub-customer is not found: updateDetail, block, unblock and close refuse it, and so do a sub-customer created under it and a card order for it; nothing is done to that customer [${RULE}] @write`,
    rules(RULE),
    async ({ places, api, config, customers, subCustomer, masterData, nextSerial, nearMisses }) => {
      await nearMisses(
        { value: subCustomer.customerAccountNumber },
        tryEach(api, [
          ['POST /customers/{customerAccountNumber}/updateDetail {}', (s) => api.updateCustomerDetail(s, {})],
          ['POST /customers/{customerAccountNumber}/block', (s) => api.blockCustomer(s)],
          ['POST /customers/{customerAccountNumber}/unblock', (s) => api.unblockCustomer(s)],
          ['POST /customers/{customerAccountNumber}/close', (s) => api.closeCustomer(s)],
          [
            'POST /customers/subcustomer under it',
            (s) => customers.attempt(subCustomerBody(config.runId, nextSerial(), places, { customerAccountNumber: s })),
          ],
          [
            'POST /cards/order for it',
            (s) =>
              api.orderCards(
                cardOrderBody(s, [
                  cardOrderItem(masterData, { driverName: `${config.runId} near miss ${nextSerial()}` }),
                ])
              ),
          ],
        ])
      );
    }
  );
});
