/**
 * The stricter reading of ASSUME-FIELD-PRESENCE: where the document does not disclaim which
 * fields are present, every documented field is. By default each test records what the target
 * shows (drift.html, under the register entry); FLEET_STRICT=ASSUME-FIELD-PRESENCE makes an absent
 * field an assumption failure. The default reading, that an element shows at least one of its
 * documented fields, is the response schemas' and holds on every answer of every spec.
 */
import { type Assumptions, expect, forRule, type GeoParamsInUse, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Config } from '../../lib/config.js';
import { customerPage } from '../../lib/discovery.js';
import { type GeoAreas, NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { MAX_LOCATIONS } from '../../lib/locations.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import { resourceTable, strictlyMissing } from '../../lib/rules/document.js';
import type { GeosearchResponse, MasterData, Session } from '../../lib/types.generated.js';

const ENTRY = 'ASSUME-FIELD-PRESENCE';
const MASTER_ARRAYS = resourceTable('Master data').fields.map((f) => f.name as keyof MasterData);

/** Records (one line per test) which documented fields the elements of each resource leave out; under the stricter reading, none may. */
async function judge(
  assumptions: Assumptions,
  label: string,
  shown: [resource: string, elements: unknown[]][]
): Promise<void> {
  const judged = shown.filter(([, elements]) => elements.length);
  test.skip(!judged.length, `the target showed no ${label}`);
  const absent = judged.flatMap(([resource, elements]) => {
    const counts = new Map<string, number>();
    for (const element of elements)
      for (const field of strictlyMissing(resourceTable(resource), element))
        counts.set(field, (counts.get(field) ?? 0) + 1);
    return [...counts].map(([field, n]) => `${resource}.${field} absent on ${n} of ${elements.length}`);
  });
  const total = judged.reduce((n, [, elements]) => n + elements.length, 0);
  assumptions.saw(ENTRY, absent.length ? absent.join('; ') : `${label}: every documented field on all ${total}`);
  if (assumptions.strict(ENTRY)) await forRule(ENTRY, () => expect(absent, 'documented fields absent').toEqual([]));
}

async function cardTypes(api: FleetApi, config: Config): Promise<unknown[]> {
  const listed = customerPage(
    api.need(await api.listCustomers({ limit: 1 }), 'listing customers'),
    config.customerListFields
  ).customers[0]?.customerAccountNumber;
  const account = config.poolCustomer ?? listed;
  test.skip(!account, 'the target lists no customer');
  return api.need(await api.getCustomerCardTypes(account!), `reading the card types of ${account}`).body;
}

async function locations(
  api: FleetApi,
  geoAreas: GeoAreas,
  geoParams: GeoParamsInUse,
  aggregate = false
): Promise<GeosearchResponse> {
  if (aggregate) geoParams.need('aggregate');
  test.skip(!geoAreas.small, NO_SMALL_AREA);
  return api.need(
    await api.geosearchRectangle({ ...geoAreas.small!, ...(aggregate ? { aggregate } : { count: MAX_LOCATIONS }) }),
    'searching locations'
  ).body;
}

async function sessions(api: FleetApi, config: Config): Promise<Session[]> {
  test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
  return Promise.all(
    config.sessionIds.map(async (id) => api.need(await api.getSession(id), `reading session ${id}`).body)
  );
}

const title = (resource: string, rule: RuleId, except = '') =>
  `${resource}: every documented field${except} is present (the stricter reading of ASSUME-FIELD-PRESENCE; recorded otherwise) [${rule}]`;

test.describe('presence of the documented fields', () => {
  test(
    title('Card list response', 'CARD-LIST-SHAPE', ' but nextCursor'),
    rules('CARD-LIST-SHAPE'),
    async ({ api, assumptions }) => {
      await judge(assumptions, 'Card list response', [
        ['Card list response', [api.need(await api.cardSearch({ limit: 5 }), 'searching cards').body]],
      ]);
    }
  );

  test(
    title('Card type', 'CUST-CARDTYPES-SHAPE'),
    rules('CUST-CARDTYPES-SHAPE'),
    async ({ api, config, assumptions }) => {
      await judge(assumptions, 'Card type', [['Card type', await cardTypes(api, config)]]);
    }
  );

  test(title('Master data element', 'MASTER-SHAPE'), rules('MASTER-SHAPE'), async ({ api, assumptions }) => {
    const master = api.need(await api.getMasterData(), 'reading the master data').body;
    await judge(
      assumptions,
      'Master data elements',
      MASTER_ARRAYS.map((key) => [`Master data / ${key}`, master[key] ?? []])
    );
  });

  const geo: [
    resource: string,
    rule: RuleId,
    elements: (found: GeosearchResponse) => unknown[],
    aggregate?: boolean,
  ][] = [
    ['Geosearch answer', 'GEO-LOCATION-SHAPE', (found) => [found]],
    ['Location', 'GEO-LOCATION-SHAPE', (found) => found.locations ?? []],
    ['Evse', 'GEO-EVSE-SHAPE', (found) => (found.locations ?? []).flatMap((l) => l.evses ?? [])],
    [
      'opening_times',
      'GEO-OPENING-TIMES-SHAPE',
      (found) => (found.locations ?? []).flatMap((l) => (l.opening_times ? [l.opening_times] : [])),
    ],
    ['Aggregate', 'GEO-AGGREGATE-SHAPE', (found) => found.aggregates ?? [], true],
  ];
  for (const [resource, rule, elements, aggregate] of geo) {
    test(title(resource, rule), rules(rule), async ({ api, geoAreas, geoParams, assumptions }) => {
      await judge(assumptions, resource, [[resource, elements(await locations(api, geoAreas, geoParams, aggregate))]]);
    });
  }

  const charging: [resource: string, rule: RuleId, elements: (found: Session[]) => unknown[], except?: string][] = [
    ['Charging session', 'SESSION-SHAPE', (found) => found, ' but chargingKeyType and connectorId'],
    [
      'Price',
      'SESSION-PRICE-SHAPE',
      (found) =>
        found.flatMap((s) => [s.price, ...(s.transactions ?? []).map((t) => t.amount)].filter((p) => p !== undefined)),
    ],
    ['Transaction', 'SESSION-SHAPE', (found) => found.flatMap((s) => s.transactions ?? [])],
  ];
  for (const [resource, rule, elements, except] of charging) {
    test(title(resource, rule, except), rules(rule), async ({ api, config, assumptions }) => {
      await judge(assumptions, resource, [[resource, elements(await sessions(api, config))]]);
    });
  }
});
