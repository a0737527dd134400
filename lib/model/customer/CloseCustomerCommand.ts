import { expect } from '../../../fixtures/test.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { verifyCustomer, verifyParent, type CustomerModel, type CustomerReal, type ModelCustomer } from './customer-model.js';

/** Closes an open or blocked customer whose sub-accounts are all closed: closed permanently. */
export class CloseCustomerCommand implements LifecycleCommand<CustomerModel, CustomerReal> {
  constructor(readonly pick: number) {}

  private customerIn(m: CustomerModel): ModelCustomer | undefined {
    return m.pick(this.pick, (c) => c.state !== 'closed' && m.childrenClosed(c));
  }

  check(m: Readonly<CustomerModel>): boolean {
    return this.customerIn(m) !== undefined;
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.customerIn(m)!;
    const response = await r.api.closeCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle close` });
    expect(response, `[CUST-CLOSE-PERMANENT] closing ${c.state} customer ${c.accountNumber}`).toBeAccepted('CUST-CLOSE-PERMANENT');
    c.state = 'closed';
    await verifyCustomer(m, r, c, 'CUST-CLOSE-PERMANENT');
    const parent = m.get(c.parent);
    if (parent) await verifyParent(m, r, parent, 'CUST-COUNT-SUBACCOUNTS');
  }

  toString(): string {
    return `CloseCustomer(#${this.pick})`;
  }
}
