/**
 * The customer lifecycle: every run starts with its own fresh depth-1 sub-customer and a depth-2
 * sub-customer below it (created through the interface, checked like any command), then random
 * commands over them and what they create; at the end every customer of the run is compared with
 * the model, then closed.
 */
import fc from 'fast-check';
import type { FleetApi } from '../../api.js';
import type { Config } from '../../config.js';
import type { Places } from '../../factories/customer.js';
import type { Sightings } from '../../field-lengths.js';
import type { CustomerFactory } from '../../fixture-contracts.js';
import type { Lifecycle } from '../check-lifecycle.js';
import { BlockCustomerCommand } from './BlockCustomerCommand.js';
import { ChangeClosedCustomerCommand } from './ChangeClosedCustomerCommand.js';
import { CloseCustomerCommand } from './CloseCustomerCommand.js';
import { CreateSubCustomerCommand } from './CreateSubCustomerCommand.js';
import { CreateTooDeepCustomerCommand } from './CreateTooDeepCustomerCommand.js';
import {
  CustomerModel,
  type CustomerReal,
  closeCreated,
  verifyCustomer,
  verifyParent,
  verifyTopLevelList,
} from './customer-model.js';
import { UnblockCustomerCommand } from './UnblockCustomerCommand.js';
import { UnblockOpenCustomerCommand } from './UnblockOpenCustomerCommand.js';
import { UpdateCustomerDetailCommand } from './UpdateCustomerDetailCommand.js';

/** Picks a model customer by index (modulo the candidates): small, so that shrinking reaches 0. */
const pickArb = fc.nat({ max: 7 });

const changesArb = fc.record({
  customerName: fc.boolean(),
  customerBusinessReference: fc.boolean(),
  customerContact: fc.boolean(),
  customerAddress: fc.boolean(),
});

/**
 * Every command, weighted: one whose precondition is often unmet costs nothing when skipped, so it
 * weighs more, and the sequences that matter (close then block, block then unblock, an update
 * between block and unblock, two updates in a row) occur in most runs.
 */
export const customerCommandsArb = [
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(new CreateSubCustomerCommand()) },
    { weight: 2, arbitrary: pickArb.map((p) => new CreateSubCustomerCommand(p)) },
    { weight: 2, arbitrary: pickArb.map((p) => new CreateTooDeepCustomerCommand(p)) },
    {
      weight: 3,
      // Once, or twice in a row (a second update must keep what the first changed).
      arbitrary: fc
        .tuple(pickArb, changesArb, fc.option(changesArb, { nil: undefined }))
        .map(([p, changes, then]) => new UpdateCustomerDetailCommand(p, changes, then)),
    },
    { weight: 3, arbitrary: pickArb.map((p) => new BlockCustomerCommand(p)) },
    { weight: 4, arbitrary: pickArb.map((p) => new UnblockCustomerCommand(p)) },
    { weight: 2, arbitrary: pickArb.map((p) => new UnblockOpenCustomerCommand(p)) },
    { weight: 3, arbitrary: pickArb.map((p) => new CloseCustomerCommand(p)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(pickArb, fc.constantFrom('block' as const, 'unblock' as const))
        .map(([p, action]) => new ChangeClosedCustomerCommand(p, action)),
    }
  ),
];

export interface CustomerLifecycleDeps {
  api: FleetApi;
  customers: CustomerFactory;
  config: Config;
  topLevel: string;
  nextSerial: () => string;
  assumptions: Sightings;
  places: Places;
}

export function customerLifecycle(deps: CustomerLifecycleDeps): Lifecycle<CustomerModel, CustomerReal> {
  return {
    commands: customerCommandsArb,
    maxCommands: 20,
    setup: () => ({
      model: new CustomerModel(deps.topLevel, {
        blockWithOpenChildren: deps.config.strict.has('ASSUME-BLOCK-CASCADE'),
        exactReactivation: deps.config.strict.has('ASSUME-CUSTOMER-STATES'),
      }),
      real: {
        api: deps.api,
        config: deps.config,
        nextSerial: deps.nextSerial,
        customers: deps.customers,
        created: [],
        assumptions: deps.assumptions,
        places: deps.places,
      },
    }),
    async start(model, real) {
      await new CreateSubCustomerCommand().run(model, real);
      await new CreateSubCustomerCommand(0).run(model, real);
    },
    async verify(model, real) {
      // Depth-2 customers never have sub-accounts to list.
      for (const c of model.customers)
        await (c.depth === 1 ? verifyParent(model, real, c) : verifyCustomer(model, real, c));
      await verifyTopLevelList(model, real);
    },
    teardown: closeCreated,
  };
}
