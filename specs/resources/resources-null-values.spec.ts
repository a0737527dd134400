/**
 * The stricter reading of ASSUME-NULL-VALUES: a value the target does not have is left out, never
 * written null. Every answer of every spec reads a null member as absent where the document does
 * not state the member present (lib/checks/absent-values.ts), and the drift report lists each; each
 * test here records where the target wrote null in the answers it reads, and
 * FLEET_STRICT=ASSUME-NULL-VALUES makes a null an assumption failure.
 */
import { type Assumptions, expect, forReading, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { patternOf } from '../../lib/checks/null-values.js';
import { type ApiResponse, formatExchange } from '../../lib/client.js';
import type { Config } from '../../lib/config.js';
import { customerPage } from '../../lib/discovery.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { MAX_LOCATIONS } from '../../lib/locations.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';

const ENTRY = 'ASSUME-NULL-VALUES';

/** Records where the answers wrote null (one line per test); under the stricter reading, none may. */
async function judge(assumptions: Assumptions, rule: RuleId, label: string, answers: ApiResponse[]): Promise<void> {
  const read = answers.filter((a) => a.status >= 200 && a.status < 300);
  test.skip(!read.length, `the target answered no ${label}`);
  const nulls = read.flatMap((a) => a.nulls.map((pointer) => ({ pointer, answer: a })));
  const patterns = [...new Set(nulls.map((n) => patternOf(n.pointer)))];
  assumptions.saw(
    ENTRY,
    patterns.length
      ? `${label}: null at ${patterns.join(', ')}`
      : `${label}: no null in ${read.length} answer${read.length > 1 ? 's' : ''}`
  );
  if (!assumptions.strict(ENTRY)) return;
  const [first] = nulls;
  await forReading(ENTRY, rule, () =>
    expect(
      nulls.map((n) => n.pointer),
      `${label}: members written null instead of left out${first ? `\n${formatExchange(first.answer.exchange)}` : ''}`
    ).toEqual([])
  );
}

/** A few customers the caller lists, read with GET too. */
async function customers(api: FleetApi, config: Config): Promise<ApiResponse[]> {
  const page = api.need(await api.listCustomers({ limit: 5 }), 'listing customers');
  const listed = customerPage(page, config.customerListFields).customers.flatMap((c) =>
    c.customerAccountNumber ? [c.customerAccountNumber] : []
  );
  return [page, ...(await Promise.all(listed.slice(0, 3).map((account) => api.getCustomer(account))))];
}

const title = (resource: string, rule: RuleId) =>
  `${resource}: a value the target does not have is left out, not written null (the stricter reading of ASSUME-NULL-VALUES; recorded otherwise) [${rule}]`;

test.describe('values the target does not have', () => {
  test(title('Customer', 'CUST-SHAPE'), rules('CUST-SHAPE'), async ({ api, config, assumptions }) => {
    await judge(assumptions, 'CUST-SHAPE', 'customers', await customers(api, config));
  });

  test(title('Card list response', 'CARD-LIST-SHAPE'), rules('CARD-LIST-SHAPE'), async ({ api, assumptions }) => {
    await judge(assumptions, 'CARD-LIST-SHAPE', 'card list responses', [
      api.need(await api.cardSearch({ limit: 5 }), 'searching cards'),
    ]);
  });

  test(title('Card', 'CARD-SHAPE'), rules('CARD-SHAPE'), async ({ api, assumptions }) => {
    const found = api.need(await api.cardSearch({ limit: 3 }), 'searching cards').body.cards ?? [];
    const ids = found.flatMap((c) => (c.cardIdentifier !== undefined ? [c.cardIdentifier] : []));
    await judge(assumptions, 'CARD-SHAPE', 'cards', await Promise.all(ids.map((id) => api.getCard(id))));
  });

  test(
    title('Card type', 'CUST-CARDTYPES-SHAPE'),
    rules('CUST-CARDTYPES-SHAPE'),
    async ({ api, config, assumptions }) => {
      const listed = customerPage(
        api.need(await api.listCustomers({ limit: 1 }), 'listing customers'),
        config.customerListFields
      ).customers[0]?.customerAccountNumber;
      const account = config.poolCustomer ?? listed;
      test.skip(!account, 'the target lists no customer');
      await judge(assumptions, 'CUST-CARDTYPES-SHAPE', 'card types', [await api.getCustomerCardTypes(account!)]);
    }
  );

  test(title('Master data', 'MASTER-SHAPE'), rules('MASTER-SHAPE'), async ({ api, assumptions }) => {
    await judge(assumptions, 'MASTER-SHAPE', 'master data', [await api.getMasterData()]);
  });

  test(
    title('Geosearch answer', 'GEO-LOCATION-SHAPE'),
    rules('GEO-LOCATION-SHAPE'),
    async ({ api, geoAreas, assumptions }) => {
      test.skip(!geoAreas.small, NO_SMALL_AREA);
      await judge(assumptions, 'GEO-LOCATION-SHAPE', 'geosearch answers', [
        await api.geosearchRectangle({ ...geoAreas.small!, count: MAX_LOCATIONS }),
      ]);
    }
  );

  test(title('Charging session', 'SESSION-SHAPE'), rules('SESSION-SHAPE'), async ({ api, config, assumptions }) => {
    test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
    await judge(
      assumptions,
      'SESSION-SHAPE',
      'charging sessions',
      await Promise.all(config.sessionIds.map((id) => api.getSession(id)))
    );
  });
});
