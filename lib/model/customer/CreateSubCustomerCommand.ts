import { subCustomerBody } from '../../factories/customer.js';
import { sendShortening } from '../../field-lengths.js';
import { expect, forRule } from '../../judge.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import {
  type CustomerDetails,
  type CustomerModel,
  type CustomerReal,
  detailsOf,
  type ModelCustomer,
  verifyCustomer,
  verifyParent,
} from './customer-model.js';

/** Creates a sub-customer under the top level (no parent given) or under an open depth-1 customer of the model. */
export class CreateSubCustomerCommand implements LifecycleCommand<CustomerModel, CustomerReal> {
  /** `parentPick` undefined: under the top-level customer. */
  constructor(readonly parentPick?: number) {}

  private parentIn(m: CustomerModel): ModelCustomer | undefined {
    return this.parentPick === undefined
      ? undefined
      : m.pick(this.parentPick, (c) => c.depth === 1 && c.state === 'open');
  }

  check(m: Readonly<CustomerModel>): boolean {
    return this.parentPick === undefined || this.parentIn(m) !== undefined;
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const parent = this.parentIn(m);
    const body = subCustomerBody(
      r.config.runId,
      r.nextSerial(),
      r.places,
      parent ? { customerAccountNumber: parent.accountNumber } : {}
    );
    const { response, sent: request } = await sendShortening(r.assumptions, body, (b) => r.customers.attempt(b));
    const rule = parent ? 'CUST-DEPTH-MAX-2' : 'CUST-CREATE-UNDER-TOPLEVEL';
    await forRule(rule, () => expect(response, `creating a sub-customer at depth ${parent ? 2 : 1}`).toHaveStatus(200));
    const accountNumber = response.body.customerAccountNumber;
    await forRule('CUST-CREATE-RETURNS-NUMBER', () =>
      expect(typeof accountNumber, "the new customer's customerAccountNumber").toBe('string')
    );
    r.created.push(accountNumber);
    const created: ModelCustomer = {
      accountNumber,
      parent: parent?.accountNumber ?? m.topLevel,
      depth: parent ? 2 : 1,
      state: 'open',
      reactivated: false,
      details: detailsOf(request) as CustomerDetails,
      updated: false,
      children: [],
    };
    m.customers.push(created);
    await verifyCustomer(m, r, created);
    if (parent) {
      parent.children.push(accountNumber);
      await verifyParent(m, r, parent, 'CUST-COUNT-SUBACCOUNTS');
    }
  }

  toString(): string {
    return this.parentPick === undefined
      ? 'CreateSubCustomer(top level)'
      : `CreateSubCustomer(under depth-1 #${this.parentPick})`;
  }
}
