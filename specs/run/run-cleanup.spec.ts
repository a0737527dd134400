/**
 * Runs after every other conformance test (the teardown project of playwright.config.ts): every
 * sub-customer this run created carries its run id and was closed at teardown, so none is left
 * open, in the caller's hierarchy and in the second client's (which creates one for the
 * authorization matrix when its hierarchy shows none). Read-only: it runs in production too, where
 * it finds nothing.
 */
import { expect, forReading, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { markedCustomers } from '../../lib/cleanup.js';
import { ACTIVE } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';
import { parseLease } from '../../lib/run-lease.js';
import type { Customer } from '../../lib/types.generated.js';

/** `customers` with their status: a list item need not show every Customer field, GET then shows it (ten at a time). */
async function withStatus(api: FleetApi, customers: Customer[]): Promise<Customer[]> {
  const shown: Customer[] = [];
  for (let i = 0; i < customers.length; i += 10) {
    shown.push(
      ...(await Promise.all(
        customers.slice(i, i + 10).map(async (c) => {
          if (c.statusIdentifier !== undefined || !c.customerAccountNumber) return c;
          const read = await api.getCustomer(c.customerAccountNumber);
          return read.status === 200 ? { ...c, ...read.body } : c;
        })
      ))
    );
  }
  return shown;
}

const describe = (c: Customer) => `${c.customerAccountNumber} "${c.customerName}" (${c.status})`;

/** Whether the customer holds a card: a close refused for it is a server's choice (ASSUME-CLOSE-CONDITIONS). */
async function holdsCards(api: FleetApi, c: Customer): Promise<boolean> {
  const search = await api.cardSearch({ customerAccountNumber: c.customerAccountNumber!, limit: 1 });
  return search.status === 200 && (search.body.cards?.length ?? 0) > 0;
}

test(
  'no sub-customer created by this run is left open after the suite [SUITE-CLEANUP]',
  rules('SUITE-CLEANUP'),
  async ({ api, config, foreignFound, assumptions }, testInfo) => {
    const marked = await withStatus(api, await markedCustomers(api, config.customerListFields, config.runId));
    const second = foreignFound.value
      ? await withStatus(
          foreignFound.value.api,
          await markedCustomers(foreignFound.value.api, config.customerListFields, config.runId)
        )
      : [];
    // The run's lease (npm run conformance) is its tool's, closed after the suite, not by a test.
    const open = [...marked, ...second].filter(
      (c) => c.statusIdentifier === ACTIVE && parseLease(c)?.runId !== config.runId
    );
    const withCards = (
      await Promise.all(
        marked.filter((c) => open.includes(c)).map(async (c) => ((await holdsCards(api, c)) ? [c] : []))
      )
    ).flat();
    const left = open.filter((c) => !withCards.includes(c));
    testInfo.annotations.push({
      type: 'cleanup',
      description: `${marked.length + second.length} customers marked ${config.runId} listed (${second.length} of the second client's), ${open.length} open, ${withCards.length} of them holding cards`,
    });
    if (withCards.length) {
      assumptions.saw(
        'ASSUME-CLOSE-CONDITIONS',
        `customers holding cards stayed open after their close: ${withCards.map(describe).join(', ')}`
      );
      if (assumptions.strict('ASSUME-CLOSE-CONDITIONS'))
        await forReading('ASSUME-CLOSE-CONDITIONS', 'SUITE-CLEANUP', () =>
          expect(withCards.map(describe), 'open customers holding cards (strict reading)').toEqual([])
        );
    }
    expect(
      left.map(describe),
      `open customers marked ${config.runId} (npm run cleanup -- --run ${config.runId} closes them)`
    ).toEqual([]);
  }
);
