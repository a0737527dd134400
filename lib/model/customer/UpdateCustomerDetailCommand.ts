import { expect } from '../../../fixtures/test.js';
import { completeAddress, contact } from '../../factories/customer.js';
import { sendShortening } from '../../field-lengths.js';
import type { CustomerUpdateRequest } from '../../types.generated.js';
import { PickCommand } from '../check-lifecycle.js';
import { detailsOf, verifyCustomer, type CustomerModel, type CustomerReal, type ModelCustomer } from './customer-model.js';

/** Which of the four optional fields an update supplies (none at all is a valid update too). */
export interface DetailChanges {
  customerName: boolean;
  customerBusinessReference: boolean;
  customerContact: boolean;
  customerAddress: boolean;
}

/** Updates the details of an open customer: the supplied fields change, the others stay. */
export class UpdateCustomerDetailCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  constructor(pick: number, readonly changes: DetailChanges) {
    super(pick);
  }

  // Updating a blocked or closed customer: not shown, so never tried.
  protected accepts(c: ModelCustomer): boolean {
    return c.state === 'open';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    const serial = r.nextSerial();
    const body: CustomerUpdateRequest = {
      ...(this.changes.customerName ? { customerName: `${r.config.runId} renamed ${serial}` } : {}),
      ...(this.changes.customerBusinessReference ? { customerBusinessReference: `${r.config.runId}-u${serial}`.slice(0, 20) } : {}),
      ...(this.changes.customerContact ? { customerContact: contact(`u${serial}`) } : {}),
      ...(this.changes.customerAddress ? { customerAddress: completeAddress(`Updated ${serial}`) } : {}),
    };
    const { response, sent: request } = await sendShortening(r.assumptions, body, (b) => r.api.updateCustomerDetail(c.accountNumber, b));
    expect(response, `[CUST-UPDATE-APPLIES] updating customer ${c.accountNumber}`).toBeAccepted('CUST-UPDATE-APPLIES');
    c.details = { ...c.details, ...detailsOf(request) };
    c.updated = true;
    await verifyCustomer(m, r, c, 'CUST-UPDATE-APPLIES');
  }

  toString(): string {
    const fields = Object.entries(this.changes).filter(([, on]) => on).map(([field]) => field);
    return `UpdateCustomerDetail(#${this.pick}, {${fields.join(', ')}})`;
  }
}
