import { expectUnmetCondition } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CustomerModel, type CustomerReal, type ModelCustomer, verifyCustomer } from './customer-model.js';

/** Unblocks an open customer that was never blocked: refused or a no-op (ASSUME-UNMET-CONDITION), and the status stays. */
export class UnblockOpenCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  protected accepts(c: ModelCustomer): boolean {
    return c.state === 'open';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.unblockCustomer(c.accountNumber, {
      notes: `${r.config.runId} lifecycle unblock of an open customer`,
    });
    await expectUnmetCondition(
      response,
      r.config,
      'CUST-UNBLOCK-ONLY-BLOCKED',
      `unblocking open customer ${c.accountNumber}`
    );
    await verifyCustomer(m, r, c, 'CUST-UNBLOCK-ONLY-BLOCKED', 'CUST-UNBLOCK-ONLY-BLOCKED');
  }

  toString(): string {
    return `UnblockOpenCustomer(open #${this.pick})`;
  }
}
