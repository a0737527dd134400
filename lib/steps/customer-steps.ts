/**
 * Customer statuses as the document exposes them (status text, statusIdentifier; only Active = 1
 * is shown: ASSUME-CUSTOMER-STATES), and the steps a test takes to bring a customer where it needs
 * it. A step's answer and effect are its own rule's to judge: refused or without effect, the test
 * is blocked by that rule (forRule), unless that rule is the test's own, which then fails.
 */

import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import { createdUnder } from '../created-under.js';
import { ACTIVE, customerPage } from '../discovery.js';
import { customerUpdate, type Places } from '../factories/customer.js';
import { type Sightings, sendShortening } from '../field-lengths.js';
import { expect, forRule } from '../judge.js';
import { answerOrReadBack } from '../read-back.js';
import type { RuleId } from '../rules/catalogue.js';
import type { Customer, CustomerNotesRequest, CustomerUpdateRequest } from '../types.generated.js';
import { goneAfterEnd } from './ended.js';

export interface Status {
  status?: string;
  statusIdentifier?: number;
}

/**
 * A customer to read where a test needs a 200: the first of the list's first page that shows
 * itself Active (whether a closed customer can still be read is not shown), else the configured
 * card pool's customer; undefined when there is neither.
 */
export async function activeCustomer(
  api: FleetApi,
  config: Pick<Config, 'customerListFields' | 'poolCustomer'>
): Promise<string | undefined> {
  const listed = await api.listCustomers({ limit: 20 });
  const active =
    listed.status === 200
      ? customerPage(listed, config.customerListFields).customers.find((c) => c.statusIdentifier === ACTIVE)
      : undefined;
  return active?.customerAccountNumber ?? config.poolCustomer;
}

export async function statusOf(api: FleetApi, customerAccountNumber: string): Promise<Status> {
  return statusIn(api, await api.getCustomer(customerAccountNumber), customerAccountNumber);
}

function statusIn(api: FleetApi, read: ApiResponse<Customer>, customerAccountNumber: string): Status {
  const got = api.need(read, `reading customer ${customerAccountNumber}`);
  return { status: got.body.status, statusIdentifier: got.body.statusIdentifier };
}

/**
 * The status of a customer the run closed, or 'gone' when it answers 404: whether a closed customer
 * can still be read is not shown (ASSUME-ENDED-READABLE; FLEET_STRICT requires a 200).
 */
export async function closedStatusOf(
  api: FleetApi,
  config: Pick<Config, 'strict'>,
  seen: Sightings,
  customerAccountNumber: string
): Promise<Status | 'gone'> {
  const read = await api.getCustomer(customerAccountNumber);
  const gone = await goneAfterEnd(
    read,
    `closed customer (customer ${customerAccountNumber})`,
    'CUST-CLOSE-PERMANENT',
    config,
    seen
  );
  return gone ? 'gone' : statusIn(api, read, customerAccountNumber);
}

/**
 * Blocks an open customer for a test that needs it blocked: it leaves the status it had (CUST-BLOCK).
 * `acceptedUnder`: the rule that says this block must be accepted (its notes' limit, say), when not CUST-BLOCK.
 */
export async function blockFirst(
  api: FleetApi,
  customerAccountNumber: string,
  body?: CustomerNotesRequest,
  acceptedUnder?: string
): Promise<ApiResponse | undefined> {
  const before = await statusOf(api, customerAccountNumber);
  const block = () =>
    api.call('blockCustomer', { params: { customerAccountNumber }, ...(body !== undefined ? { body } : {}) });
  const response = await answerOrReadBack(
    block,
    async () => (await statusOf(api, customerAccountNumber)).statusIdentifier !== before.statusIdentifier
  );
  if (response) api.need(response, `blocking customer ${customerAccountNumber}`, acceptedUnder);
  const after = await statusOf(api, customerAccountNumber);
  await forRule('CUST-BLOCK', () =>
    expect(
      after.statusIdentifier,
      `customer ${customerAccountNumber} after its block: statusIdentifier ${after.statusIdentifier}, as before it`
    ).not.toBe(before.statusIdentifier)
  );
  return response;
}

/**
 * Open again: in the status `open` it had before its block, or Active (1). A new customer may start
 * in a status of its own, awaiting activation, which "reactivated" need not bring back
 * (ASSUME-CUSTOMER-STATES; FLEET_STRICT requires the very status of before, `sameStatus`).
 */
export function reopened(now: Status, open: Status): boolean {
  return sameStatus(now, open) || (now.statusIdentifier === ACTIVE && now.status === 'Active');
}

export const sameStatus = (a: Status, b: Status): boolean =>
  a.statusIdentifier === b.statusIdentifier && a.status === b.status;

/**
 * Unblocks a customer the test blocked: it is open again, `reopened` from `open`, the status it
 * had before (CUST-UNBLOCK-REACTIVATES). The answers of both steps; undefined when the answer was
 * lost and the status read back as wanted.
 */
export async function unblockFirst(
  api: FleetApi,
  customerAccountNumber: string,
  open: Status,
  body?: CustomerNotesRequest,
  acceptedUnder?: string
): Promise<ApiResponse | undefined> {
  const unblock = () =>
    api.call('unblockCustomer', { params: { customerAccountNumber }, ...(body !== undefined ? { body } : {}) });
  const response = await answerOrReadBack(unblock, async () =>
    reopened(await statusOf(api, customerAccountNumber), open)
  );
  if (response) api.need(response, `unblocking customer ${customerAccountNumber}`, acceptedUnder);
  const after = await statusOf(api, customerAccountNumber);
  await forRule('CUST-UNBLOCK-REACTIVATES', () =>
    expect(
      reopened(after, open),
      `customer ${customerAccountNumber} after its unblock shows ${JSON.stringify(after)}: neither the status before its block, ${JSON.stringify(open)}, nor Active (1)`
    ).toBe(true)
  );
  return response;
}

/**
 * `child` was created under `parent` (`rule`: CUST-CREATE-UNDER-PARENT, or -UNDER-TOPLEVEL when no
 * parent was given), told by the two views that say so independently: its parentCustomerAccountNumber,
 * and the parent's list of direct sub-accounts. Only when both disagree with `parent` is the creation
 * to blame; one alone is its own rule's fault.
 */
export async function expectCreatedUnder(
  api: FleetApi,
  config: Pick<Config, 'customerListFields'>,
  child: string,
  parent: string,
  rule: RuleId = 'CUST-CREATE-UNDER-PARENT'
): Promise<void> {
  const where = await createdUnder(api, config, child, parent);
  await forRule(rule, () => expect(where.under, where.words).toBe(true));
}

/**
 * An updateDetail the document calls valid was refused. The refusal is its value's only if the same
 * `fields` with the factory's values are accepted (shorter ones where those were refused,
 * ASSUME-FIELD-LENGTHS): refused too, updateDetail refuses a body of those fields at all ("Body, all
 * optional"), a finding of CUST-UPDATE-APPLIES that blocks the test, never a failure of the boundary rule it checks.
 */
export async function expectUpdateTakes(
  api: FleetApi,
  assumptions: Sightings,
  account: string,
  fields: readonly (keyof CustomerUpdateRequest)[],
  runId: string,
  serial: string,
  places: Places
): Promise<void> {
  const values = customerUpdate(runId, serial, places);
  const control: CustomerUpdateRequest = Object.fromEntries(fields.map((f) => [f, values[f]]));
  const { response: answer } = await sendShortening(assumptions, control, (body) =>
    api.call('updateCustomerDetail', { params: { customerAccountNumber: account }, body })
  );
  await forRule('CUST-UPDATE-APPLIES', () =>
    expect(
      answer,
      `updateDetail of ${account} with ${fields.join(', ') || 'no field ({})'} (every field is optional)`
    ).toHaveStatus(200)
  );
}
