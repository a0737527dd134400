/**
 * Model-based customer lifecycle: random command sequences over fresh sub-customers, each checked
 * against a small model. The runs are split over a few tests so that workers share them: against a
 * target that answers in a second, one test of all runs would be the run's longest by far.
 */
import { test } from '../../fixtures/test.js';
import { checkLifecycle, LIFECYCLE_SHARDS } from '../../lib/model/check-lifecycle.js';
import { customerLifecycle } from '../../lib/model/customer/customer-lifecycle.js';
import { rules } from '../../lib/rules/declared.js';

test.describe('customer lifecycle model @write', () => {
  for (let shard = 1; shard <= LIFECYCLE_SHARDS; shard++) {
    test(
      `sub-customers created at depth 1 and 2 (depth 3 refused), updated (twice in a row, and while blocked), blocked, unblocked only when blocked and closed for good agree with the model after every command: status text and identifier, details, parent, list and countOfSubAccounts (runs ${shard} of ${LIFECYCLE_SHARDS}) [CUST-BLOCK, CUST-UNBLOCK-ONLY-BLOCKED, CUST-UNBLOCK-REACTIVATES, CUST-CLOSE-PERMANENT, CUST-DEPTH-MAX-2, CUST-COUNT-SUBACCOUNTS, CUST-LIST-DIRECT-ONLY, CUST-UPDATE-APPLIES]`,
      rules(
        'CUST-BLOCK',
        'CUST-UNBLOCK-ONLY-BLOCKED',
        'CUST-UNBLOCK-REACTIVATES',
        'CUST-CLOSE-PERMANENT',
        'CUST-DEPTH-MAX-2',
        'CUST-COUNT-SUBACCOUNTS',
        'CUST-LIST-DIRECT-ONLY',
        'CUST-UPDATE-APPLIES'
      ),
      async (
        { places, api, config, secrets, topLevelCustomer, nextSerial, customers, testLedger, assumptions },
        testInfo
      ) => {
        await checkLifecycle(
          customerLifecycle({ api, customers, config, topLevel: topLevelCustomer, nextSerial, assumptions, places }),
          {
            config,
            testInfo,
            secrets,
            ledger: testLedger,
            // Every run creates and closes its own customers: a quarter of FLEET_FC_RUNS (of up to 20 commands each) in all.
            numRuns: Math.max(1, Math.ceil(config.fastCheck.runs / 4 / LIFECYCLE_SHARDS)),
          }
        );
      }
    );
  }
});
