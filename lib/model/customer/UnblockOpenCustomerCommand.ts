import { expect } from '../../../fixtures/test.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { verifyCustomer, type CustomerModel, type CustomerReal, type ModelCustomer } from './customer-model.js';

/** Unblocks an open customer that was never blocked: refused, and the status stays. */
export class UnblockOpenCustomerCommand implements LifecycleCommand<CustomerModel, CustomerReal> {
  constructor(readonly pick: number) {}

  private customerIn(m: CustomerModel): ModelCustomer | undefined {
    return m.pick(this.pick, (c) => c.state === 'open');
  }

  check(m: Readonly<CustomerModel>): boolean {
    return this.customerIn(m) !== undefined;
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.customerIn(m)!;
    const response = await r.api.unblockCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle unblock of an open customer` });
    expect(response, `[CUST-UNBLOCK-ONLY-BLOCKED] unblocking open customer ${c.accountNumber}`).toBeRejected('CUST-UNBLOCK-ONLY-BLOCKED');
    await verifyCustomer(m, r, c, 'CUST-UNBLOCK-ONLY-BLOCKED');
  }

  toString(): string {
    return `UnblockOpenCustomer(open #${this.pick})`;
  }
}
