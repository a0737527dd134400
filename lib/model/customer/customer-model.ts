/**
 * The customer model: sub-customers a run created, each open, blocked or closed, with the details
 * it was given and its direct sub-accounts. Simpler than the server: it knows no status ids but
 * learns, run by run, which status the server shows for each state (the document shows only
 * Active = 1), and requires the states to stay apart.
 */

import type { FleetApi } from '../../api.js';
import type { Config } from '../../config.js';
import { ACTIVE, allCustomers, type CustomerPage, customerPage, nextCursorOf } from '../../discovery.js';
import type { Places } from '../../factories/customer.js';
import type { Sightings } from '../../field-lengths.js';
import type { CustomerFactory } from '../../fixture-contracts.js';
import { expect, forReading, forRule } from '../../judge.js';
import type { RuleId } from '../../rules/catalogue.js';
import { expectCreatedUnder } from '../../steps/customer-steps.js';
import type { Customer, CustomerCreateRequest, CustomerUpdateRequest } from '../../types.generated.js';

export type CustomerState = 'open' | 'blocked' | 'closed';

/**
 * What the server shows of a state: an open customer shows one status as created and may show
 * another once reactivated (a new customer may start awaiting activation: ASSUME-CUSTOMER-STATES).
 */
type ShownState = 'created' | 'reactivated' | 'blocked' | 'closed';

export type CustomerDetails = Pick<
  CustomerCreateRequest,
  'customerName' | 'customerBusinessReference' | 'customerContact' | 'customerAddress'
>;

export interface ModelCustomer {
  accountNumber: string;
  /** Account number of the parent (the top-level account for depth 1). */
  parent: string;
  depth: 1 | 2;
  state: CustomerState;
  /** Unblocked at least once: it shows the reactivated status when open. */
  reactivated: boolean;
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
export const stateRule: Record<CustomerState, RuleId> = {
  open: 'CUST-UNBLOCK-REACTIVATES',
  blocked: 'CUST-BLOCK',
  closed: 'CUST-CLOSE-PERMANENT',
};

/** The stricter readings a run applies (FLEET_STRICT). */
export interface ModelReadings {
  /** ASSUME-BLOCK-CASCADE: customers with open sub-accounts are blocked too, and those must stay as they are. */
  blockWithOpenChildren: boolean;
  /** ASSUME-CUSTOMER-STATES: unblock brings back the very status of before the block. */
  exactReactivation: boolean;
}

export class CustomerModel {
  readonly customers: ModelCustomer[] = [];
  /** The status the server shows for each state, learned as the run goes. */
  readonly shown: Partial<Record<ShownState, ShownStatus>> = {};
  /** The text each status identifier showed first: one identifier, one text. */
  readonly texts = new Map<number, string | undefined>();

  constructor(
    readonly topLevel: string,
    readonly readings: ModelReadings
  ) {}

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

  /** The direct sub-accounts not closed. */
  openChildren(c: ModelCustomer): ModelCustomer[] {
    return c.children.map((child) => this.get(child)!).filter((child) => child.state !== 'closed');
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
  /** The countries and regions its addresses name. */
  places: Places;
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

const shownState = (c: ModelCustomer): ShownState =>
  c.state === 'open' ? (c.reactivated ? 'reactivated' : 'created') : c.state;
const isActiveStatus = (s: ShownStatus) => s.statusIdentifier === ACTIVE && s.status === 'Active';
const text = (s: ShownStatus | undefined) => (s ? `${JSON.stringify(s.status)} (${s.statusIdentifier})` : 'none');

/**
 * The status shown must be the one learned for the model state, its text the one its identifier
 * showed before, and differ from every other state's. A reactivated customer shows the status it
 * had before its block or Active (1), the very one of before under FLEET_STRICT=ASSUME-CUSTOMER-STATES.
 */
async function expectState(model: CustomerModel, c: ModelCustomer, body: Customer, rule: RuleId): Promise<void> {
  const seen: ShownStatus = { statusIdentifier: body.statusIdentifier, status: body.status };
  const where = `customer ${c.accountNumber} (${c.state}${c.reactivated ? ', unblocked before' : ''}) shows ${text(seen)}`;
  if (seen.statusIdentifier !== undefined) {
    if (!model.texts.has(seen.statusIdentifier)) model.texts.set(seen.statusIdentifier, seen.status);
    expect(
      seen.status,
      `${where}: status identifier ${seen.statusIdentifier} showed the text ${JSON.stringify(model.texts.get(seen.statusIdentifier))} before`
    ).toBe(model.texts.get(seen.statusIdentifier));
  }
  const state = shownState(c);
  const known = model.shown[state];
  if (known) {
    expect(seen, `${where}, where it showed ${text(known)} before in that state`).toEqual(known);
    return;
  }
  const open = (s: ShownState) => s === 'created' || s === 'reactivated';
  for (const [other, status] of Object.entries(model.shown) as [ShownState, ShownStatus][]) {
    if (open(other) && open(state)) continue;
    expect(seen.statusIdentifier, `${where}, the status of a ${other} customer`).not.toBe(status.statusIdentifier);
  }
  if (state === 'reactivated') {
    const before = model.shown.created;
    if (model.readings.exactReactivation) {
      await forReading('ASSUME-CUSTOMER-STATES', rule, () =>
        expect(seen, `${where}: the status it had before its block (strict reading)`).toEqual(before)
      );
    } else if (!isActiveStatus(seen)) {
      expect(seen, `${where}: reactivated is the status it had before its block, or Active (1)`).toEqual(before);
    }
  }
  model.shown[state] = seen;
}
/** Account numbers listed with the customerAccountNumber filter `parent` (and `searchText`, if given), every page. */
export async function listedSubAccounts(real: CustomerReal, parent: string, searchText?: string): Promise<string[]> {
  const fields = real.config.customerListFields;
  const numbers: string[] = [];
  let cursor: string | undefined;
  let before: CustomerPage | undefined;
  for (let n = 0; n < 100; n++) {
    const response = await real.api.listCustomers({
      customerAccountNumber: parent,
      ...(searchText ? { searchText } : {}),
      ...(cursor ? { cursor } : {}),
    });
    await forRule('CUST-LIST-DIRECT-ONLY', () =>
      expect(response, `listing the sub-accounts of ${parent}`).toHaveStatus(200)
    );
    const page = customerPage(response, fields, before);
    numbers.push(...page.customers.map((c) => c.customerAccountNumber!));
    before = page;
    cursor = nextCursorOf(page);
    if (!cursor) return numbers;
  }
  throw new Error(`the sub-accounts of ${parent} still had pages after 100`);
}

/**
 * GET, status, details and countOfSubAccounts (when shown) against the model: the status under `rule`, the
 * details under `detailsRule` (a transition's own rule: what it must leave as it was), by default
 * the rule of the write that gave them. Whether closed sub-accounts are still counted is not
 * shown: both answers pass. Returns false for a closed customer that can no longer be read
 * (whether it can: not shown).
 */
export async function verifyCustomer(
  model: CustomerModel,
  real: CustomerReal,
  c: ModelCustomer,
  rule = stateRule[c.state],
  detailsRule?: RuleId
): Promise<boolean> {
  const response = await real.api.getCustomer(c.accountNumber);
  if (c.state === 'closed' && response.status === 404) return false;
  await forRule(rule, () => expect(response, `reading customer ${c.accountNumber}`).toHaveStatus(200));
  if (response.body.parentCustomerAccountNumber !== c.parent) {
    // Created elsewhere (the creation's rule), or shown under the wrong parent (the parent field's).
    await expectCreatedUnder(
      real.api,
      real.config,
      c.accountNumber,
      c.parent,
      c.depth === 1 ? 'CUST-CREATE-UNDER-TOPLEVEL' : 'CUST-CREATE-UNDER-PARENT'
    );
    await forRule('CUST-PARENT-FIELDS', () =>
      expect(response.body.parentCustomerAccountNumber, `parent of customer ${c.accountNumber}`).toBe(c.parent)
    );
  }
  await forRule(rule, () => expectState(model, c, response.body, rule));
  const detailsBy = detailsRule ?? (c.updated ? 'CUST-UPDATE-APPLIES' : 'CUST-CREATE-MAIN-ADDRESS-CONTACT');
  await forRule(detailsBy, () =>
    expect(response.body, `details of customer ${c.accountNumber}`).toMatchObject(c.details)
  );

  const notClosed = c.children.filter((child) => model.get(child)?.state !== 'closed');
  const count = response.body.countOfSubAccounts;
  // Which Customer fields are always present is not shown: a count left out (a 0, as proto3 writes it) is not judged.
  if (count === undefined) return true;
  const countMessage = `countOfSubAccounts of ${c.accountNumber}: it has ${c.children.length} direct sub-accounts, ${notClosed.length} of them not closed`;
  await forRule('CUST-COUNT-SUBACCOUNTS', () => {
    expect(count, countMessage).toBeGreaterThanOrEqual(notClosed.length);
    expect(count, countMessage).toBeLessThanOrEqual(c.children.length);
  });
  return true;
}

/**
 * After a block or unblock of `c` (FLEET_STRICT=ASSUME-BLOCK-CASCADE only: without it, no customer
 * with open sub-accounts is blocked), each open sub-account as it was: an assumption failure otherwise.
 */
export async function verifyChildrenUntouched(
  model: CustomerModel,
  real: CustomerReal,
  c: ModelCustomer,
  rule: RuleId
): Promise<void> {
  for (const child of model.openChildren(c)) {
    await forReading('ASSUME-BLOCK-CASCADE', rule, () => verifyCustomer(model, real, child, rule, rule));
  }
}

/** The customer and the list of its direct sub-accounts; whether closed ones are still listed is not shown. */
export async function verifyParent(
  model: CustomerModel,
  real: CustomerReal,
  c: ModelCustomer,
  rule = stateRule[c.state]
): Promise<void> {
  if (!(await verifyCustomer(model, real, c, rule))) return;
  const listed = await listedSubAccounts(real, c.accountNumber);
  const notClosed = c.children.filter((child) => model.get(child)?.state !== 'closed');
  const listMessage = `customers listed with customerAccountNumber=${c.accountNumber} (direct sub-accounts: ${c.children.join(', ') || 'none'})`;
  await forRule('CUST-LIST-DIRECT-ONLY', () => {
    expect(
      listed.filter((n) => !c.children.includes(n)),
      `${listMessage}: not direct sub-accounts`
    ).toEqual([]);
    expect(
      notClosed.filter((n) => !listed.includes(n)),
      `${listMessage}: missing`
    ).toEqual([]);
  });
}

/**
 * The top-level account's sub-accounts are shared with every other test and may be many: each of
 * the run's customers is looked up there by its account number (searchText, combined with the filter).
 */
export async function verifyTopLevelList(model: CustomerModel, real: CustomerReal): Promise<void> {
  for (const c of model.customers) {
    if (c.depth === 1 && c.state === 'closed') continue;
    const listed = await listedSubAccounts(real, model.topLevel, c.accountNumber);
    const message = `customers listed with customerAccountNumber=${model.topLevel} (the top-level account) and searchText=${c.accountNumber}`;
    if (c.depth === 1 && !listed.includes(c.accountNumber)) {
      // The search narrows the list: it must find the customer on its own before the filter is judged.
      const searched = await allCustomers(real.api, real.config.customerListFields, { searchText: c.accountNumber });
      await forRule('CUST-LIST-SEARCH-NUMBER', () =>
        expect(
          searched.map((x) => x.customerAccountNumber),
          `customers listed with searchText=${c.accountNumber}`
        ).toContain(c.accountNumber)
      );
    }
    await forRule('CUST-LIST-DIRECT-ONLY', () => {
      if (c.depth === 1) expect(listed, `${message}: its depth-1 sub-customer is missing`).toContain(c.accountNumber);
      else
        expect(listed, `${message}: a depth-2 customer is no direct sub-account of the top level`).not.toContain(
          c.accountNumber
        );
    });
  }
}

/** Closes what the run created and left open, children first; never throws. */
export async function closeCreated(model: CustomerModel, real: CustomerReal): Promise<void> {
  for (const accountNumber of [...real.created].reverse()) {
    if (model.get(accountNumber)?.state === 'closed') continue;
    await real.api
      .closeCustomer(accountNumber, { notes: `${real.config.runId} lifecycle teardown` })
      .catch(() => undefined);
  }
}
