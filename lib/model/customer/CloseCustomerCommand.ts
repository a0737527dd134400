import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import {
  type CustomerModel,
  type CustomerReal,
  type ModelCustomer,
  verifyCustomer,
  verifyParent,
} from './customer-model.js';

/** Closes an open or blocked customer whose sub-accounts are all closed: closed permanently. */
export class CloseCustomerCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  protected accepts(c: ModelCustomer, m: CustomerModel): boolean {
    return c.state !== 'closed' && m.childrenClosed(c);
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.closeCustomer(c.accountNumber, { notes: `${r.config.runId} lifecycle close` });
    await forRule('CUST-CLOSE-PERMANENT', () =>
      expect(response, `closing ${c.state} customer ${c.accountNumber}`).toBeAccepted()
    );
    c.state = 'closed';
    await verifyCustomer(m, r, c, 'CUST-CLOSE-PERMANENT', 'CUST-CLOSE-PERMANENT');
    const parent = m.get(c.parent);
    if (parent) await verifyParent(m, r, parent, 'CUST-COUNT-SUBACCOUNTS');
  }

  toString(): string {
    return `CloseCustomer(#${this.pick})`;
  }
}
