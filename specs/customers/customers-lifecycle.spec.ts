/**
 * Customer block, unblock and close by example (States / Customer). Only Active (1) is a known
 * status (ASSUME-CUSTOMER-STATES): blocked means "no longer in the status it had", unblocked
 * means "back in it, or Active (1)", closed means "never changes again".
 */
import { expect, expectUnmetCondition, forReading, forRule, test } from '../../fixtures/test.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';
import { blockFirst, closedStatusOf, sameStatus, statusOf, unblockFirst } from '../../lib/steps/customer-steps.js';

const notes = (length: number) => 'n'.repeat(length);

test.describe('customer lifecycle @write', () => {
  test(
    'block takes an open customer out of its status [CUST-BLOCK]',
    rules('CUST-BLOCK'),
    async ({ api, subCustomer }) => {
      await blockFirst(api, subCustomer.customerAccountNumber, { notes: 'conformance: block' });
    }
  );

  test(
    'unblock of a customer never blocked changes nothing: refused, or accepted as a no-op (ASSUME-UNMET-CONDITION), its status stays [CUST-UNBLOCK-ONLY-BLOCKED]',
    rules('CUST-UNBLOCK-ONLY-BLOCKED'),
    async ({ api, config, subCustomer }) => {
      const open = await statusOf(api, subCustomer.customerAccountNumber);
      await expectUnmetCondition(
        await api.unblockCustomer(subCustomer.customerAccountNumber),
        config,
        'CUST-UNBLOCK-ONLY-BLOCKED',
        'unblock of a customer never blocked'
      );
      expect(await statusOf(api, subCustomer.customerAccountNumber), 'status after the unblock').toEqual(open);
    }
  );

  test(
    'unblock of a blocked customer reactivates it: back in the status it had before the block, or Active (1) [CUST-UNBLOCK-REACTIVATES]',
    rules('CUST-UNBLOCK-REACTIVATES'),
    async ({ api, subCustomer, assumptions }) => {
      const account = subCustomer.customerAccountNumber;
      const open = await statusOf(api, account);
      await blockFirst(api, account);
      await unblockFirst(api, account, open, { notes: 'conformance: unblock' });
      const after = await statusOf(api, account);
      assumptions.saw(
        'ASSUME-CUSTOMER-STATES',
        `a new customer shows ${JSON.stringify(open)}, once reactivated ${JSON.stringify(after)}`
      );
      if (assumptions.strict('ASSUME-CUSTOMER-STATES')) {
        await forReading('ASSUME-CUSTOMER-STATES', 'CUST-UNBLOCK-REACTIVATES', () =>
          expect(after, 'the very status of before the block (strict reading)').toEqual(open)
        );
      }
    }
  );

  for (const from of ['open', 'blocked'] as const) {
    test(
      `close of ${from === 'open' ? 'an open' : 'a blocked'} customer is permanent: after it, block and unblock never change its status, or it is gone for good (ASSUME-ENDED-READABLE) [CUST-CLOSE-PERMANENT]`,
      rules('CUST-CLOSE-PERMANENT'),
      async ({ api, config, subCustomer, assumptions }) => {
        const account = subCustomer.customerAccountNumber;
        const open = await statusOf(api, account);
        if (from === 'blocked') await blockFirst(api, account);
        expect(await api.closeCustomer(account, { notes: 'conformance: close' })).toHaveStatus(200);
        const readClosed = () => closedStatusOf(api, config, assumptions, account);
        const closed = await readClosed();
        if (closed !== 'gone')
          expect(closed.statusIdentifier, 'closed is not the open status').not.toBe(open.statusIdentifier);
        // Refused or accepted, nothing may take the customer out of the closed status.
        for (const attempt of [
          () => api.blockCustomer(account),
          () => api.unblockCustomer(account),
          () => api.blockCustomer(account),
        ]) {
          await attempt();
          expect(await readClosed()).toEqual(closed);
        }
      }
    );
  }

  test(
    'close of a customer that holds an ordered card: closed permanently (ASSUME-ENDED-READABLE: or gone), or refused while it holds it (ASSUME-CLOSE-CONDITIONS) [CUST-CLOSE-PERMANENT]',
    rules('CUST-CLOSE-PERMANENT'),
    async ({ api, subCustomer, masterData, config, nextSerial, assumptions }) => {
      const account = subCustomer.customerAccountNumber;
      const open = await statusOf(api, account);
      const order = await sendShortening(
        assumptions,
        cardOrderBody(account, [cardOrderItem(masterData, { driverName: `${config.runId} close ${nextSerial()}` })]),
        (body) => api.orderCards(body)
      );
      api.need(order.response, 'ordering a card for the customer');
      const close = await api.closeCustomer(account, { notes: 'conformance: close with a card' });
      if (close.status >= 400 && close.status < 500) {
        // Teardown cancels its cards and closes it then.
        assumptions.saw(
          'ASSUME-CLOSE-CONDITIONS',
          `close of a customer holding an ordered card refused (${close.status})`
        );
        if (assumptions.strict('ASSUME-CLOSE-CONDITIONS'))
          await forReading('ASSUME-CLOSE-CONDITIONS', 'CUST-CLOSE-PERMANENT', () =>
            expect(close, 'close of a customer holding an ordered card (strict reading)').toHaveStatus(200)
          );
        expect(await statusOf(api, account), 'a refused close changes nothing').toEqual(open);
        return;
      }
      expect(close, 'close of a customer holding an ordered card').toHaveStatus(200);
      const readClosed = () => closedStatusOf(api, config, assumptions, account);
      const closed = await readClosed();
      if (closed !== 'gone')
        expect(sameStatus(closed, open), `closed shows ${JSON.stringify(closed)}, the open status`).toBe(false);
      await api.blockCustomer(account);
      expect(await readClosed(), 'a closed customer stays closed').toEqual(closed);
    }
  );

  test(
    'notes are optional on block, unblock and close: no body, an empty body and notes are all accepted [CUST-BLOCK, CUST-UNBLOCK-REACTIVATES, CUST-CLOSE-PERMANENT]',
    rules('CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT'),
    async ({ api, customers }) => {
      const bodies = [undefined, {}, { notes: 'conformance: optional notes' }];
      for (const body of bodies) {
        const { customerAccountNumber } = await customers.create();
        const open = await statusOf(api, customerAccountNumber);
        await blockFirst(api, customerAccountNumber, body);
        await unblockFirst(api, customerAccountNumber, open, body);
        const close = await api.call('closeCustomer', {
          params: { customerAccountNumber },
          ...(body === undefined ? {} : { body }),
        });
        await forRule('CUST-CLOSE-PERMANENT', () =>
          expect(close, `close with ${JSON.stringify(body)}`).toHaveStatus(200)
        );
      }
    }
  );

  test(
    'notes of 200 characters are accepted and of 201 refused on block, unblock and close [CUST-NOTES-MAX-200]',
    rules('CUST-NOTES-MAX-200'),
    async ({ api, subCustomer }) => {
      const account = subCustomer.customerAccountNumber;
      const open = await statusOf(api, account);
      const block201 = await api.blockCustomer(account, { notes: notes(201) });
      await forRule('CUST-NOTES-MAX-200', () => expect(block201).toBeRejected());
      expect(await statusOf(api, account), 'a refused block changes nothing').toEqual(open);
      await blockFirst(api, account, { notes: notes(200) }, 'CUST-NOTES-MAX-200');
      const unblock201 = await api.unblockCustomer(account, { notes: notes(201) });
      await forRule('CUST-NOTES-MAX-200', () => expect(unblock201).toBeRejected());
      await unblockFirst(api, account, open, { notes: notes(200) }, 'CUST-NOTES-MAX-200');
      const reactivated = await statusOf(api, account);
      const close201 = await api.closeCustomer(account, { notes: notes(201) });
      await forRule('CUST-NOTES-MAX-200', () => expect(close201).toBeRejected());
      expect(await statusOf(api, account), 'a refused close changes nothing').toEqual(reactivated);
      await forRule('CUST-CLOSE-PERMANENT', async () =>
        expect(
          await api.closeCustomer(account, { notes: notes(200) }),
          'close with notes of 200 characters'
        ).toHaveStatus(200)
      );
    }
  );
});
