import { completeAddress, contact } from '../../factories/customer.js';
import { sendShortening } from '../../field-lengths.js';
import { expect, forReading, forRule } from '../../judge.js';
import type { CustomerUpdateRequest } from '../../types.generated.js';
import { PickCommand } from '../check-lifecycle.js';
import {
  type CustomerModel,
  type CustomerReal,
  detailsOf,
  type ModelCustomer,
  stateRule,
  verifyCustomer,
} from './customer-model.js';

/** Which of the four optional fields an update supplies (none at all is a valid update too). */
export interface DetailChanges {
  customerName: boolean;
  customerBusinessReference: boolean;
  customerContact: boolean;
  customerAddress: boolean;
}

/**
 * Updates the details of an open or blocked customer, once or twice in a row (`then`): the
 * supplied fields change, the others stay as the writes before left them, and so does the status.
 * Whether a blocked customer's details may change is not shown (ASSUME-CUSTOMER-STATES): refused,
 * nothing changes; FLEET_STRICT=ASSUME-CUSTOMER-STATES requires the update applied.
 */
export class UpdateCustomerDetailCommand extends PickCommand<CustomerModel, CustomerReal, ModelCustomer> {
  constructor(
    pick: number,
    readonly changes: DetailChanges,
    readonly then?: DetailChanges
  ) {
    super(pick);
  }

  // A closed customer is never updated: closed permanently, what it refuses is not shown.
  protected accepts(c: ModelCustomer): boolean {
    return c.state !== 'closed';
  }

  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const c = this.target(m)!;
    for (const changes of this.then ? [this.changes, this.then] : [this.changes]) await this.update(m, r, c, changes);
  }

  private async update(m: CustomerModel, r: CustomerReal, c: ModelCustomer, changes: DetailChanges): Promise<void> {
    const serial = r.nextSerial();
    const body: CustomerUpdateRequest = {
      ...(changes.customerName ? { customerName: `${r.config.runId} renamed ${serial}` } : {}),
      ...(changes.customerBusinessReference
        ? { customerBusinessReference: `${r.config.runId}-u${serial}`.slice(0, 20) }
        : {}),
      ...(changes.customerContact ? { customerContact: contact(`u${serial}`) } : {}),
      ...(changes.customerAddress ? { customerAddress: completeAddress(`Updated ${serial}`, r.places.second) } : {}),
    };
    const { response, sent: request } = await sendShortening(r.assumptions, body, (b) =>
      r.api.updateCustomerDetail(c.accountNumber, b)
    );
    const refusedWhileBlocked = c.state === 'blocked' && response.status >= 400 && response.status < 500;
    if (refusedWhileBlocked && r.config.strict.has('ASSUME-CUSTOMER-STATES')) {
      await forReading('ASSUME-CUSTOMER-STATES', 'CUST-UPDATE-APPLIES', () =>
        expect(response, `updating blocked customer ${c.accountNumber} (strict reading)`).toBeAccepted()
      );
    }
    if (refusedWhileBlocked) {
      r.assumptions.saw('ASSUME-CUSTOMER-STATES', `updateDetail of a blocked customer refused (${response.status})`);
    } else {
      await forRule('CUST-UPDATE-APPLIES', () =>
        expect(response, `updating ${c.state} customer ${c.accountNumber}`).toBeAccepted()
      );
      c.details = { ...c.details, ...detailsOf(request) };
      c.updated = true;
    }
    // The status is the state's to keep (a blocked customer stays blocked), the details the update's.
    await verifyCustomer(m, r, c, stateRule[c.state], 'CUST-UPDATE-APPLIES');
  }

  toString(): string {
    const fields = (changes: DetailChanges) =>
      `{${Object.entries(changes)
        .filter(([, on]) => on)
        .map(([field]) => field)
        .join(', ')}}`;
    return `UpdateCustomerDetail(#${this.pick}, ${fields(this.changes)}${this.then ? ` then ${fields(this.then)}` : ''})`;
  }
}
