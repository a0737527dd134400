import { subCustomerBody } from '../../factories/customer.js';
import { expect, forRule } from '../../judge.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { type CustomerModel, type CustomerReal, type ModelCustomer, verifyParent } from './customer-model.js';

/** Tries to create a sub-customer under an open depth-2 customer: three levels below the top level is refused and creates nothing. */
export class CreateTooDeepCustomerCommand implements LifecycleCommand<CustomerModel, CustomerReal> {
  constructor(readonly parentPick: number) {}

  private parentIn(m: CustomerModel): ModelCustomer | undefined {
    return m.pick(this.parentPick, (c) => c.depth === 2 && c.state === 'open');
  }

  check(m: Readonly<CustomerModel>): boolean {
    return this.parentIn(m) !== undefined;
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const parent = this.parentIn(m)!;
    // The test's factory owns (and closes) a depth-3 customer a faulty target creates.
    const response = await r.customers.attempt(
      subCustomerBody(r.config.runId, r.nextSerial(), r.places, { customerAccountNumber: parent.accountNumber })
    );
    await forRule('CUST-DEPTH-MAX-2', () =>
      expect(response, `creating a sub-customer under depth-2 customer ${parent.accountNumber}`).toBeRejected()
    );
    await verifyParent(m, r, parent, 'CUST-DEPTH-MAX-2');
  }

  toString(): string {
    return `CreateTooDeepCustomer(under depth-2 #${this.parentPick})`;
  }
}
