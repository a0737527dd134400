import { expect } from '../../../fixtures/test.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { verifyCustomer, type CustomerModel, type CustomerReal, type ModelCustomer } from './customer-model.js';

/** Blocks an open customer: temporarily blocked. */
export class BlockCustomerCommand implements LifecycleCommand<CustomerModel, CustomerReal> {
  constructor(readonly pick: number) {}

  private customerIn(m: CustomerModel): ModelCustomer | undefined {
    return m.pick(this.pick, (c) => c.state === 'open');
  }

  check(m: Readonly<CustomerModel>): boolean {
    return this.customerIn(m) !== undefined;
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.customerIn(m)!;
    const response = await r.api.blockCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle block` });
    expect(response, `[CUST-BLOCK] blocking open customer ${c.accountNumber}`).toBeAccepted('CUST-BLOCK');
    c.state = 'blocked';
    await verifyCustomer(m, r, c, 'CUST-BLOCK');
  }

  toString(): string {
    return `BlockCustomer(open #${this.pick})`;
  }
}
