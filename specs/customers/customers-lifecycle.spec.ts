/**
 * Customer block, unblock and close by example (States / Customer). Only Active (1) is a known
 * status (ASSUME-CUSTOMER-STATES): blocked means "no longer in the status it had", unblocked
 * means "back in it", closed means "never changes again".
 */
import { expect, expectUnmetCondition, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';

interface Status {
  status?: string;
  statusIdentifier?: number;
}

async function statusOf(api: FleetApi, customerAccountNumber: string): Promise<Status> {
  const got = await api.getCustomer(customerAccountNumber);
  expect(got).toHaveStatus(200);
  expect(got.body.statusIdentifier, 'statusIdentifier').toEqual(expect.any(Number));
  return { status: got.body.status, statusIdentifier: got.body.statusIdentifier };
}

const notes = (length: number) => 'n'.repeat(length);

test.describe('customer lifecycle @write', () => {
  test('block takes an open customer out of its status [CUST-BLOCK]', async ({ api, subCustomer }) => {
    const open = await statusOf(api, subCustomer.customerAccountNumber);
    expect(await api.blockCustomer(subCustomer.customerAccountNumber, { notes: 'conformance: block' })).toHaveStatus(200);
    expect((await statusOf(api, subCustomer.customerAccountNumber)).statusIdentifier).not.toBe(open.statusIdentifier);
  });

  test('unblock of a customer never blocked changes nothing: refused, or accepted as a no-op (ASSUME-UNMET-CONDITION), its status stays [CUST-UNBLOCK-ONLY-BLOCKED]', async ({ api, config, subCustomer }) => {
    const open = await statusOf(api, subCustomer.customerAccountNumber);
    await expectUnmetCondition(await api.unblockCustomer(subCustomer.customerAccountNumber), config, 'CUST-UNBLOCK-ONLY-BLOCKED', 'unblock of a customer never blocked');
    expect(await statusOf(api, subCustomer.customerAccountNumber), 'status after the unblock').toEqual(open);
  });

  test('unblock of a blocked customer reactivates it: back in the status it had before the block [CUST-UNBLOCK-REACTIVATES, CUST-BLOCK]', async ({ api, subCustomer }) => {
    const open = await statusOf(api, subCustomer.customerAccountNumber);
    expect(await api.blockCustomer(subCustomer.customerAccountNumber)).toHaveStatus(200);
    expect((await statusOf(api, subCustomer.customerAccountNumber)).statusIdentifier).not.toBe(open.statusIdentifier);
    expect(await api.unblockCustomer(subCustomer.customerAccountNumber, { notes: 'conformance: unblock' })).toHaveStatus(200);
    expect(await statusOf(api, subCustomer.customerAccountNumber)).toEqual(open);
  });

  for (const from of ['open', 'blocked'] as const) {
    test(`close of ${from === 'open' ? 'an open' : 'a blocked'} customer is permanent: after it, block and unblock never change its status [CUST-CLOSE-PERMANENT]`, async ({ api, subCustomer }) => {
      const account = subCustomer.customerAccountNumber;
      const open = await statusOf(api, account);
      if (from === 'blocked') expect(await api.blockCustomer(account)).toHaveStatus(200);
      expect(await api.closeCustomer(account, { notes: 'conformance: close' })).toHaveStatus(200);
      const closed = await statusOf(api, account);
      expect(closed.statusIdentifier, 'closed is not the open status').not.toBe(open.statusIdentifier);
      // Refused or accepted, nothing may take the customer out of the closed status.
      for (const attempt of [() => api.blockCustomer(account), () => api.unblockCustomer(account), () => api.blockCustomer(account)]) {
        await attempt();
        expect(await statusOf(api, account)).toEqual(closed);
      }
    });
  }

  test('notes are optional on block, unblock and close: no body, an empty body and notes are all accepted [CUST-BLOCK, CUST-UNBLOCK-REACTIVATES, CUST-CLOSE-PERMANENT]', async ({ api, customers }) => {
    const bodies = [undefined, {}, { notes: 'conformance: optional notes' }];
    for (const body of bodies) {
      const { customerAccountNumber } = await customers.create();
      const params = { customerAccountNumber };
      const withBody = body === undefined ? {} : { body };
      expect(await api.call('blockCustomer', { params, ...withBody }), `block with ${JSON.stringify(body)}`).toHaveStatus(200);
      expect(await api.call('unblockCustomer', { params, ...withBody }), `unblock with ${JSON.stringify(body)}`).toHaveStatus(200);
      expect(await api.call('closeCustomer', { params, ...withBody }), `close with ${JSON.stringify(body)}`).toHaveStatus(200);
    }
  });

  test('notes of 200 characters are accepted and of 201 refused on block, unblock and close [CUST-NOTES-MAX-200]', async ({ api, subCustomer }) => {
    const account = subCustomer.customerAccountNumber;
    const open = await statusOf(api, account);
    expect(await api.blockCustomer(account, { notes: notes(201) })).toBeRejected('CUST-NOTES-MAX-200');
    expect(await statusOf(api, account), 'a refused block changes nothing').toEqual(open);
    expect(await api.blockCustomer(account, { notes: notes(200) })).toHaveStatus(200);
    expect(await api.unblockCustomer(account, { notes: notes(201) })).toBeRejected('CUST-NOTES-MAX-200');
    expect(await api.unblockCustomer(account, { notes: notes(200) })).toHaveStatus(200);
    expect(await api.closeCustomer(account, { notes: notes(201) })).toBeRejected('CUST-NOTES-MAX-200');
    expect(await statusOf(api, account), 'a refused close changes nothing').toEqual(open);
    expect(await api.closeCustomer(account, { notes: notes(200) })).toHaveStatus(200);
  });
});
