import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import {
  type CustomerModel,
  type CustomerReal,
  type ModelCustomer,
  verifyChildrenUntouched,
  verifyCustomer,
} from './customer-model.js';

/** Unblocks a blocked customer: reactivated, its details as they were (an update while it was blocked among them). */
export class UnblockCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  protected accepts(c: ModelCustomer): boolean {
    return c.state === 'blocked';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.unblockCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle unblock` });
    await forRule('CUST-UNBLOCK-REACTIVATES', () =>
      expect(response, `unblocking blocked customer ${c.accountNumber}`).toBeAccepted()
    );
    c.state = 'open';
    c.reactivated = true;
    await verifyCustomer(m, r, c, 'CUST-UNBLOCK-REACTIVATES', 'CUST-UNBLOCK-REACTIVATES');
    await verifyChildrenUntouched(m, r, c, 'CUST-UNBLOCK-REACTIVATES');
  }

  toString(): string {
    return `UnblockCustomer(blocked #${this.pick})`;
  }
}
