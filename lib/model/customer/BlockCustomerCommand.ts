import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import {
  type CustomerModel,
  type CustomerReal,
  type ModelCustomer,
  verifyChildrenUntouched,
  verifyCustomer,
} from './customer-model.js';

/**
 * Blocks an open customer: temporarily blocked, its details as they were. What a block does to
 * open sub-accounts is not shown (ASSUME-BLOCK-CASCADE): only a customer whose sub-accounts are
 * all closed is blocked, but under the stricter reading.
 */
export class BlockCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  protected accepts(c: ModelCustomer, m: CustomerModel): boolean {
    return c.state === 'open' && (m.readings.blockWithOpenChildren || m.childrenClosed(c));
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.blockCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle block` });
    await forRule('CUST-BLOCK', () => expect(response, `blocking open customer ${c.accountNumber}`).toBeAccepted());
    c.state = 'blocked';
    await verifyCustomer(m, r, c, 'CUST-BLOCK', 'CUST-BLOCK');
    await verifyChildrenUntouched(m, r, c, 'CUST-BLOCK');
  }

  toString(): string {
    return `BlockCustomer(open #${this.pick})`;
  }
}
