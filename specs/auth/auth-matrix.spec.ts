/**
 * "A valid token without permission gives 403", every operation that names a customer or a card
 * against resources of every owner: the authorization matrix (lib/authz/matrix.ts). Each row is
 * tried on the caller's own customer at each depth of its hierarchy, or a card of it (the positive
 * controls: the same request is served), then on another client's top-level account, sub-customer
 * and sub-customer's sub-customer, or a card of each (found through the second client,
 * FLEET_FOREIGN_CLIENT_ID), so that a 403 can only mean the hierarchy. The suite writes only cards
 * of the card pool; a cell the target cannot fill is not run, with why.
 *
 * What a faulty target lets the caller change is put back through the second client; what cannot
 * be put back (close, cancel, an order, a replacement, a PIN letter) is tried last, and only while
 * every write before it on that resource was refused.
 */
import type { TestDetails } from '@playwright/test';
import { test } from '../../fixtures/authz.js';
import { cardWriteCells } from '../../lib/authz/card-writes.js';
import { customerWriteCells } from '../../lib/authz/customer-writes.js';
import { columnOf, DEPTHS, MATRIX_TESTS, ROWS, type RowId } from '../../lib/authz/matrix.js';
import { readCells } from '../../lib/authz/reads.js';
import type { ForeignTargets } from '../../lib/authz/targets.js';
import { rules } from '../../lib/rules/declared.js';

/** Why none of the rows' foreign cells can be filled, or undefined when one can. */
function unfillable(rows: RowId[], foreign: ForeignTargets): string | undefined {
  const tables = [...new Set(rows.map((r) => ROWS[r].table))];
  const filled = tables.some((t) =>
    DEPTHS.some((depth) => (t === 'cards' ? foreign.cards[depth] : foreign.customers[depth]) !== undefined)
  );
  return filled
    ? undefined
    : [...new Set(tables.flatMap((t) => DEPTHS.map((depth) => foreign.missing[t][columnOf('foreign', depth)])))].join(
        '; '
      );
}

test.describe('authorization matrix', () => {
  const reads: [title: string, rows: RowId[], declared: TestDetails][] = [
    [MATRIX_TESTS.customerReads, ['getCustomer', 'cardTypes'], rules('CUST-FOREIGN-403', 'AUTH-FORBIDDEN-403')],
    [
      MATRIX_TESTS.listings,
      ['listCustomers', 'searchCustomerCards', 'searchCardNumber'],
      rules('AUTH-FOREIGN-NOT-LISTED'),
    ],
    [MATRIX_TESTS.cardReads, ['getCard'], rules('CARD-FOREIGN-403', 'AUTH-FORBIDDEN-403')],
  ];
  for (const [title, rows, declared] of reads) {
    test(title, declared, async ({ api, config, ownTargets, foreignTargets, matrix, testLedger }) => {
      const why = unfillable(rows, foreignTargets);
      test.skip(why !== undefined, why!);
      await readCells(matrix, api, rows, ownTargets, foreignTargets, { customerListFields: config.customerListFields });
      await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
    });
  }

  test(
    MATRIX_TESTS.customerWrites,
    rules('CUST-FOREIGN-403', 'AUTH-FORBIDDEN-403'),
    async ({
      api,
      config,
      customers,
      masterData,
      nextSerial,
      topLevelCustomer,
      foreignTargets,
      matrix,
      testLedger,
    }) => {
      const why = unfillable(['createUnder'], foreignTargets);
      test.skip(why !== undefined, why!);
      await customerWriteCells({
        api,
        customers,
        matrix,
        foreign: foreignTargets,
        topLevel: topLevelCustomer,
        customerListFields: config.customerListFields,
        masterData,
        runId: config.runId,
        serial: nextSerial(),
      });
      await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
    }
  );

  test(
    MATRIX_TESTS.cardWrites,
    rules('CARD-FOREIGN-403', 'AUTH-FORBIDDEN-403'),
    async ({ api, config, masterData, poolCards, ownTargets, foreignTargets, matrix, testLedger }) => {
      const why = unfillable(['blockCard'], foreignTargets);
      test.skip(why !== undefined, why!);
      const noPool = await cardWriteCells({
        api,
        matrix,
        foreign: foreignTargets,
        own: ownTargets,
        masterData,
        takeOf: (owner) => poolCards.takeOf(owner),
        runId: config.runId,
      });
      test.skip(noPool !== undefined, noPool!);
      await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
    }
  );
});
