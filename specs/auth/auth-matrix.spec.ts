/**
 * "A valid token without permission gives 403", every operation that names a customer or a card
 * against every kind of resource of another client's hierarchy: the authorization matrix
 * (lib/authz/matrix.ts). Each row is tried first on the caller's own resource (the positive
 * control: the same request is served), then on another client's top-level account, one of its
 * sub-customers and one of its cards (found through the second client, FLEET_FOREIGN_CLIENT_ID),
 * so that a 403 can only mean the hierarchy. A cell the target cannot fill is not run, with why.
 *
 * What a faulty target lets the caller change is put back through the second client; what cannot
 * be put back (close, cancel, an order, a replacement, a PIN letter) is tried last, and only while
 * every write before it on that resource was refused.
 */
import { test } from '../../fixtures/authz.js';
import { cardWriteCells } from '../../lib/authz/card-writes.js';
import { customerWriteCells } from '../../lib/authz/customer-writes.js';
import { MATRIX_TESTS, ROWS, type ColumnId, type RowId } from '../../lib/authz/matrix.js';
import { ownCard, ownCustomer, readCells } from '../../lib/authz/reads.js';
import type { ForeignTargets } from '../../lib/authz/targets.js';

const ENTRY = 'ASSUME-UNKNOWN-RESOURCE-404';

/** Why none of the rows' foreign cells can be filled, or undefined when one can. */
function unfillable(rows: RowId[], foreign: ForeignTargets): string | undefined {
  const columns = [...new Set(rows.flatMap((r) => ROWS[r].columns))].filter((c): c is Exclude<ColumnId, 'own'> => c !== 'own');
  const filled = columns.some((c) => (c === 'foreignCard' ? foreign.card : c === 'foreignTop' ? foreign.top : foreign.sub) !== undefined);
  return filled ? undefined : [...new Set(columns.map((c) => foreign.missing[c]))].join('; ');
}

test.describe('authorization matrix', () => {
  const reads: [title: string, rows: RowId[]][] = [
    [MATRIX_TESTS.customerReads, ['getCustomer', 'cardTypes']],
    [MATRIX_TESTS.listings, ['listCustomers', 'searchCustomerCards', 'searchCardNumber']],
    [MATRIX_TESTS.cardReads, ['getCard']],
  ];
  for (const [title, rows] of reads) {
    test(title, async ({ api, config, foreignTargets, matrix, assumptions, testLedger }) => {
      const why = unfillable(rows, foreignTargets);
      test.skip(why !== undefined, why!);
      const cards = rows.some((r) => ROWS[r].columns.includes('foreignCard'));
      const customers = rows.some((r) => ROWS[r].columns.includes('foreignTop'));
      const own = {
        customer: customers ? await ownCustomer(api, config.poolCustomer, config.customerListFields) : undefined,
        card: cards ? await ownCard(api) : undefined,
      };
      const strict = rows.includes('listCustomers') && assumptions.strict(ENTRY);
      await readCells(matrix, api, rows, own, foreignTargets, { customerListFields: config.customerListFields, strict, saw: (what) => assumptions.saw(ENTRY, what) });
      await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
    });
  }

  test(MATRIX_TESTS.customerWrites, async ({ api, config, customers, masterData, nextSerial, foreignTargets, matrix, testLedger }) => {
    const why = unfillable(['createUnder'], foreignTargets);
    test.skip(why !== undefined, why!);
    await customerWriteCells({ api, customers, matrix, foreign: foreignTargets, masterData, runId: config.runId, serial: nextSerial() });
    await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
  });

  test(MATRIX_TESTS.cardWrites, async ({ api, config, masterData, poolCards, foreignTargets, matrix, testLedger }) => {
    const why = unfillable(['blockCard'], foreignTargets);
    test.skip(why !== undefined, why!);
    await cardWriteCells({ api, matrix, foreign: foreignTargets, masterData, take: () => poolCards.take(), runId: config.runId });
    await matrix.conclude((rule, reason, exchange) => testLedger.block(rule, reason, exchange));
  });
});
