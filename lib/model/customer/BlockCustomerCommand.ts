import { expect } from '../../../fixtures/test.js';
import { PickCommand } from '../check-lifecycle.js';
import { verifyCustomer, type CustomerModel, type CustomerReal, type ModelCustomer } from './customer-model.js';

/** Blocks an open customer: temporarily blocked. */
export class BlockCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  protected accepts(c: ModelCustomer): boolean {
    return c.state === 'open';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.blockCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle block` });
    expect(response, `[CUST-BLOCK] blocking open customer ${c.accountNumber}`).toBeAccepted('CUST-BLOCK');
    c.state = 'blocked';
    await verifyCustomer(m, r, c, 'CUST-BLOCK');
  }

  toString(): string {
    return `BlockCustomer(open #${this.pick})`;
  }
}
