/**
 * The customer model: sub-customers a run created, each open, blocked or closed, with the details
 * it was given and its direct sub-accounts. Simpler than the server: it knows no status ids but
 * learns, run by run, which status the server shows for each state (the document shows only
 * Active = 1), and requires the states to stay apart.
 */
import { expect } from '../../../fixtures/test.js';
import type { FleetApi } from '../../api.js';
import type { CustomerFactory } from '../../../fixtures/test.js';
import type { Config } from '../../config.js';
import { allCustomers, customerPage, nextCursorOf, type CustomerPage } from '../../discovery.js';
import type { Sightings } from '../../field-lengths.js';
import { expectCreatedUnder } from '../../steps/customer-steps.js';
import type { Customer, CustomerCreateRequest, CustomerUpdateRequest } from '../../types.generated.js';

export type CustomerState = 'open' | 'blocked' | 'closed';

export type CustomerDetails = Pick<CustomerCreateRequest, 'customerName' | 'customerBusinessReference' | 'customerContact' | 'customerAddress'>;

export interface ModelCustomer {
  accountNumber: string;
  /** Account number of the parent (the top-level account for depth 1). */
  parent: string;
  depth: 1 | 2;
  state: CustomerState;
  details: CustomerDetails;
  /** Whether updateDetail changed the details (names the rule a mismatch breaks). */
  updated: boolean;
  /** Direct sub-accounts, in creation order. */
  children: string[];
}

/** What the server shows as the status of a customer. */
export interface ShownStatus {
  statusIdentifier: Customer['statusIdentifier'];
  status: Customer['status'];
}

/** The rule that holds a customer in its state, for checks not tied to one command. */
const stateRule: Record<CustomerState, string> = {
  open: 'CUST-UNBLOCK-REACTIVATES',
  blocked: 'CUST-BLOCK',
  closed: 'CUST-CLOSE-PERMANENT',
};

export class CustomerModel {
  readonly customers: ModelCustomer[] = [];
  /** The status the server shows for each state, learned as the run goes. */
  readonly shown: Partial<Record<CustomerState, ShownStatus>> = {};

  constructor(readonly topLevel: string) {}

  get(accountNumber: string): ModelCustomer | undefined {
    return this.customers.find((c) => c.accountNumber === accountNumber);
  }

  /** The `index`-th (modulo) customer that `accept`s, or undefined when none does. */
  pick(index: number, accept: (c: ModelCustomer) => boolean): ModelCustomer | undefined {
    const candidates = this.customers.filter(accept);
    return candidates.length ? candidates[index % candidates.length] : undefined;
  }

  /** Every direct sub-account is closed (a customer with open sub-accounts is never closed here: the document is silent). */
  childrenClosed(c: ModelCustomer): boolean {
    return c.children.every((child) => this.get(child)?.state === 'closed');
  }
}

export interface CustomerReal {
  api: FleetApi;
  config: Config;
  nextSerial: () => string;
  /** Creations go through the test's factory, which owns (and closes) whatever the target creates. */
  customers: CustomerFactory;
  /** Every customer the run created, in creation order: its teardown closes them, children first. */
  created: string[];
  /** What the target chose where the document is silent (a value of unstated length refused). */
  assumptions: Sightings;
}

export function detailsOf(request: CustomerCreateRequest | CustomerUpdateRequest): Partial<CustomerDetails> {
  const { customerName, customerBusinessReference, customerContact, customerAddress } = request;
  return {
    ...(customerName !== undefined ? { customerName } : {}),
    ...(customerBusinessReference !== undefined ? { customerBusinessReference } : {}),
    ...(customerContact !== undefined ? { customerContact: { ...customerContact } } : {}),
    ...(customerAddress !== undefined ? { customerAddress: { ...customerAddress } } : {}),
  };
}

/** The status shown must be the one learned for the model state, and differ from every other state's. */
function expectState(model: CustomerModel, c: ModelCustomer, body: Customer, rule: string): void {
  const seen: ShownStatus = { statusIdentifier: body.statusIdentifier, status: body.status };
  const known = model.shown[c.state];
  if (known) {
    expect(seen, `[${rule}] customer ${c.accountNumber} should show the status of a ${c.state} customer`).toEqual(known);
    return;
  }
  for (const [state, other] of Object.entries(model.shown)) {
    expect(seen.statusIdentifier, `[${rule}] customer ${c.accountNumber} is ${c.state} but shows the status of a ${state} customer (${other.status})`)
      .not.toBe(other.statusIdentifier);
  }
  model.shown[c.state] = seen;
}

/** Account numbers listed with the customerAccountNumber filter `parent` (and `searchText`, if given), every page. */
export async function listedSubAccounts(real: CustomerReal, parent: string, searchText?: string): Promise<string[]> {
  const fields = real.config.customerListFields;
  const numbers: string[] = [];
  let cursor: string | undefined;
  let before: CustomerPage | undefined;
  for (let n = 0; n < 100; n++) {
    const response = await real.api.listCustomers({ customerAccountNumber: parent, ...(searchText ? { searchText } : {}), ...(cursor ? { cursor } : {}) });
    expect(response, `[CUST-LIST-DIRECT-ONLY] listing the sub-accounts of ${parent}`).toHaveStatus(200);
    const page = customerPage(response, fields, before);
    numbers.push(...page.customers.map((c) => c.customerAccountNumber!));
    before = page;
    cursor = nextCursorOf(page);
    if (!cursor) return numbers;
  }
  throw new Error(`the sub-accounts of ${parent} still had pages after 100`);
}

/**
 * GET, status, details and countOfSubAccounts (when shown) against the model. Whether closed
 * sub-accounts are still counted is not shown: both answers pass. Returns false for a closed customer that can no
 * longer be read (whether it can: not shown).
 */
export async function verifyCustomer(model: CustomerModel, real: CustomerReal, c: ModelCustomer, rule = stateRule[c.state]): Promise<boolean> {
  const response = await real.api.getCustomer(c.accountNumber);
  if (c.state === 'closed' && response.status === 404) return false;
  expect(response, `[${rule}] reading customer ${c.accountNumber}`).toHaveStatus(200);
  if (response.body.parentCustomerAccountNumber !== c.parent) {
    // Created elsewhere (the creation's rule), or shown under the wrong parent (the parent field's).
    await expectCreatedUnder(real.api, real.config, c.accountNumber, c.parent, c.depth === 1 ? 'CUST-CREATE-UNDER-TOPLEVEL' : 'CUST-CREATE-UNDER-PARENT');
    expect(response.body.parentCustomerAccountNumber, `[CUST-PARENT-FIELDS] parent of customer ${c.accountNumber}`).toBe(c.parent);
  }
  expectState(model, c, response.body, rule);
  const detailsRule = c.updated ? 'CUST-UPDATE-APPLIES' : 'CUST-CREATE-MAIN-ADDRESS-CONTACT';
  expect(response.body, `[${detailsRule}] details of customer ${c.accountNumber}`).toMatchObject(c.details);

  const notClosed = c.children.filter((child) => model.get(child)?.state !== 'closed');
  const count = response.body.countOfSubAccounts;
  // Which Customer fields are always present is not shown: a count left out (a 0, as proto3 writes it) is not judged.
  if (count === undefined) return true;
  const countMessage = `[CUST-COUNT-SUBACCOUNTS] countOfSubAccounts of ${c.accountNumber}: it has ${c.children.length} direct sub-accounts, ${notClosed.length} of them not closed`;
  expect(count, countMessage).toBeGreaterThanOrEqual(notClosed.length);
  expect(count, countMessage).toBeLessThanOrEqual(c.children.length);
  return true;
}

/** The customer and the list of its direct sub-accounts; whether closed ones are still listed is not shown. */
export async function verifyParent(model: CustomerModel, real: CustomerReal, c: ModelCustomer, rule = stateRule[c.state]): Promise<void> {
  if (!(await verifyCustomer(model, real, c, rule))) return;
  const listed = await listedSubAccounts(real, c.accountNumber);
  const notClosed = c.children.filter((child) => model.get(child)?.state !== 'closed');
  const listMessage = `[CUST-LIST-DIRECT-ONLY] customers listed with customerAccountNumber=${c.accountNumber} (direct sub-accounts: ${c.children.join(', ') || 'none'})`;
  expect(listed.filter((n) => !c.children.includes(n)), `${listMessage}: not direct sub-accounts`).toEqual([]);
  expect(notClosed.filter((n) => !listed.includes(n)), `${listMessage}: missing`).toEqual([]);
}

/**
 * The top-level account's sub-accounts are shared with every other test and may be many: each of
 * the run's customers is looked up there by its account number (searchText, combined with the filter).
 */
export async function verifyTopLevelList(model: CustomerModel, real: CustomerReal): Promise<void> {
  for (const c of model.customers) {
    if (c.depth === 1 && c.state === 'closed') continue;
    const listed = await listedSubAccounts(real, model.topLevel, c.accountNumber);
    const message = `[CUST-LIST-DIRECT-ONLY] customers listed with customerAccountNumber=${model.topLevel} (the top-level account) and searchText=${c.accountNumber}`;
    if (c.depth === 1 && !listed.includes(c.accountNumber)) {
      // The search narrows the list: it must find the customer on its own before the filter is judged.
      const searched = await allCustomers(real.api, real.config.customerListFields, { searchText: c.accountNumber });
      expect(searched.map((x) => x.customerAccountNumber), `[CUST-LIST-SEARCH-NUMBER] customers listed with searchText=${c.accountNumber}`).toContain(c.accountNumber);
    }
    if (c.depth === 1) expect(listed, `${message}: its depth-1 sub-customer is missing`).toContain(c.accountNumber);
    else expect(listed, `${message}: a depth-2 customer is no direct sub-account of the top level`).not.toContain(c.accountNumber);
  }
}

/** Closes what the run created and left open, children first; never throws. */
export async function closeCreated(model: CustomerModel, real: CustomerReal): Promise<void> {
  for (const accountNumber of [...real.created].reverse()) {
    if (model.get(accountNumber)?.state === 'closed') continue;
    await real.api.closeCustomer(accountNumber, { notes: `${real.config.runId} lifecycle teardown` }).catch(() => undefined);
  }
}
