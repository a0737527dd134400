import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CustomerModel, type CustomerReal, type ModelCustomer, verifyCustomer } from './customer-model.js';

export type ClosedCustomerAction = 'block' | 'unblock';

/** Blocks or unblocks a closed customer: refused, or at least without effect; a closed customer never leaves its status. */
export class ChangeClosedCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  constructor(
    pick: number,
    readonly action: ClosedCustomerAction
  ) {
    super(pick);
  }

  protected accepts(c: ModelCustomer): boolean {
    return c.state === 'closed';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const body = { notes: `${r.config.runId} lifecycle ${this.action} after close` };
    const response =
      this.action === 'block'
        ? await r.api.blockCustomer(c.accountNumber, body)
        : await r.api.unblockCustomer(c.accountNumber, body);
    const refusedOrAccepted = response.status === 200 || (response.status >= 400 && response.status < 500);
    await forRule('CUST-CLOSE-PERMANENT', () =>
      expect(
        refusedOrAccepted,
        `${this.action} of closed customer ${c.accountNumber} answered ${response.status}`
      ).toBe(true)
    );
    await verifyCustomer(m, r, c, 'CUST-CLOSE-PERMANENT', 'CUST-CLOSE-PERMANENT');
  }

  toString(): string {
    return `${this.action === 'block' ? 'Block' : 'Unblock'}ClosedCustomer(closed #${this.pick})`;
  }
}
