/**
 * The latency scenarios in the document's table order, as load phases. A pair (block + unblock)
 * is one phase that measures both operations; a phase runs when any of its operations is selected
 * (the other one's requests are then sent, to keep state balanced, but not counted).
 */
import type { LatencyKey } from '../../lib/operations.js';
import { createCancelCardScenario } from './cancel-card.perf.js';
import { createCardStatusScenario } from './card-status.perf.js';
import { createCloseCustomerScenario } from './close-customer.perf.js';
import { createCreateSubCustomerScenario } from './create-subcustomer.perf.js';
import { createCustomerStatusScenario } from './customer-status.perf.js';
import { createOrderCardsScenario } from './order-cards.perf.js';
import { createReadScenarios } from './reads.perf.js';
import { createReplaceCardScenario } from './replace-card.perf.js';
import { createReprintPinScenario } from './reprint-pin.perf.js';
import type { Scenario } from './scenario.js';
import { createUpdateCustomerScenario } from './update-customer.perf.js';

/** Fresh scenarios (their state lives in the instances), in the order the phases run. */
export function createScenarios(): Scenario[] {
  const reads = new Map(createReadScenarios().map((s) => [s.operations[0]!, s]));
  const read = (op: LatencyKey) => reads.get(op)!;
  return [
    read('list-customers'),
    read('get-customer'),
    createCreateSubCustomerScenario(),
    createUpdateCustomerScenario(),
    read('customer-card-types'),
    createCustomerStatusScenario(),
    createCloseCustomerScenario(),
    createOrderCardsScenario(),
    read('get-card'),
    read('search-cards'),
    createCardStatusScenario(),
    createCancelCardScenario(),
    createReplaceCardScenario(),
    createReprintPinScenario(),
    read('master-data'),
  ];
}
