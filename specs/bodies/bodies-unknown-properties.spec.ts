/**
 * A property no body of the document lists, at every level of every request body but the card
 * search's (whose rule the document states: specs/cards/cards-search.spec.ts). Whether these bodies
 * refuse it is not stated (ASSUME-UNKNOWN-PROPERTIES): by default the refusal (a 4xx, its body
 * checked where the status is documented) and a success that ignored it both pass, recorded in the
 * drift report; never a 5xx. FLEET_STRICT=ASSUME-UNKNOWN-PROPERTIES requires the refusal. One test
 * per level, each on a resource of its own: a sub-customer it creates, a pool card it takes back.
 */
import { type Assumptions, expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { ApiResponse } from '../../lib/client.js';
import { reasonFor } from '../../lib/discovery.js';
import { cardOrderBody, cardOrderItem, pinLetterAddress } from '../../lib/factories/card.js';
import { completeAddress, contact, subCustomerBody } from '../../lib/factories/customer.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import type { OperationId } from '../../lib/operations.js';
import { rules } from '../../lib/rules/declared.js';
import { blockCardFirst } from '../../lib/steps/card-steps.js';
import type { GeosearchRequest } from '../../lib/types.generated.js';

const ENTRY = 'ASSUME-UNKNOWN-PROPERTIES';
const RULE = 'ROBUST-NO-5XX-ON-BAD-INPUT';
const UNLISTED = { fleetConformanceUnlisted: 'a property no body of the document lists' };

type Json = Record<string, unknown>;
/** Where the property goes: the body's top level ([]), or the object at a path into it. */
type Path = (string | number)[];

/** `body` with the unlisted property added at `path`. */
function withUnlisted(body: Json, path: Path): Json {
  const copy = structuredClone(body);
  const target = path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key]!, copy);
  Object.assign(target, UNLISTED);
  return copy;
}

const where = (path: Path) =>
  path.length ? `inside ${path.join('.').replace(/\.(\d+)/g, '[$1]')}` : 'at the top level';

/** Refused or served, never a 5xx; what the target chose recorded; the refusal required under the stricter reading. */
async function judge(response: ApiResponse, assumptions: Assumptions, what: string): Promise<void> {
  await forRule(RULE, () =>
    expect(response.status, `${what}: refused (4xx) or served with the property ignored, never a 5xx`).toBeLessThan(500)
  );
  assumptions.saw(
    ENTRY,
    `${what}: ${response.status >= 400 ? 'refused' : 'accepted, the property ignored'} (${response.status})`
  );
  if (assumptions.strict(ENTRY))
    await forReading(ENTRY, RULE, () => expect(response, `${what} (the stricter reading)`).toBeRejected());
}

const title = (operation: string, path: Path, write = true) =>
  `${operation}: a property no body lists, ${where(path)}, is refused or ignored, never answered with a 5xx (${ENTRY}) [${RULE}]${write ? ' @write' : ''}`;

test.describe('customer bodies', () => {
  const levels: [operation: OperationId, words: string, path: Path][] = [
    ['createSubCustomer', 'POST /customers/subcustomer', []],
    ['createSubCustomer', 'POST /customers/subcustomer', ['customerContact']],
    ['createSubCustomer', 'POST /customers/subcustomer', ['customerAddress']],
    ['updateCustomerDetail', 'POST /customers/{customerAccountNumber}/updateDetail', []],
    ['updateCustomerDetail', 'POST /customers/{customerAccountNumber}/updateDetail', ['customerContact']],
    ['updateCustomerDetail', 'POST /customers/{customerAccountNumber}/updateDetail', ['customerAddress']],
    ['blockCustomer', 'POST /customers/{customerAccountNumber}/block', []],
    ['unblockCustomer', 'POST /customers/{customerAccountNumber}/unblock', []],
    ['closeCustomer', 'POST /customers/{customerAccountNumber}/close', []],
  ];
  for (const [operation, words, path] of levels) {
    test(title(words, path), rules(RULE), async ({ places, api, config, customers, nextSerial, assumptions }) => {
      const what = `${words} ${where(path)}`;
      if (operation === 'createSubCustomer') {
        await judge(
          await customers.attempt(
            withUnlisted(subCustomerBody(config.runId, nextSerial(), places) as unknown as Json, path)
          ),
          assumptions,
          what
        );
        return;
      }
      const { customerAccountNumber, request } = await customers.create();
      const params = { customerAccountNumber };
      if (operation === 'updateCustomerDetail') {
        // The values it has: a server that ignores the property changes nothing.
        const body = {
          customerName: request.customerName,
          customerContact: request.customerContact,
          customerAddress: request.customerAddress,
        };
        await judge(await api.call(operation, { params, body: withUnlisted(body, path) }), assumptions, what);
        return;
      }
      if (operation === 'unblockCustomer')
        api.need(await api.blockCustomer(customerAccountNumber, {}), 'blocking the customer first');
      await judge(
        await api.call(operation, { params, body: withUnlisted({ notes: `${config.runId} unlisted property` }, path) }),
        assumptions,
        what
      );
    });
  }
});

test.describe('card order body', () => {
  const paths: Path[] = [
    [],
    ['cards', 0],
    ['cards', 0, 'cardAddress'],
    ['cards', 0, 'cardContact'],
    ['cards', 0, 'products', 0],
  ];
  for (const path of paths) {
    test(
      title('POST /cards/order', path),
      rules(RULE),
      async ({ places, api, config, customers, masterData, nextSerial, assumptions }) => {
        const { customerAccountNumber } = await customers.create();
        const item = cardOrderItem(masterData, {
          driverName: `${config.runId} n${nextSerial()}`,
          cardContact: contact('unlisted'),
          cardAddress: { ...completeAddress('Unlisted', places.first), companyName: 'Fleet Conformance BV' },
        });
        const body = withUnlisted(cardOrderBody(customerAccountNumber, [item]) as unknown as Json, path);
        await judge(await api.call('orderCards', { body }), assumptions, `POST /cards/order ${where(path)}`);
      }
    );
  }
});

test.describe('card bodies', () => {
  const levels: [operation: OperationId, words: string, path: Path][] = [
    ['blockCard', 'POST /cards/{cardIdentifier}/block', []],
    ['unblockCard', 'POST /cards/{cardIdentifier}/unblock', []],
    ['cancelCard', 'POST /cards/{cardIdentifier}/cancel', []],
    ['replaceCard', 'POST /cards/{cardIdentifier}/replace', []],
    ['reprintPIN', 'POST /cards/{cardIdentifier}/reprintPIN', []],
    ['reprintPIN', 'POST /cards/{cardIdentifier}/reprintPIN', ['cardAddress']],
  ];
  for (const [operation, words, path] of levels) {
    test(title(words, path), rules(RULE), async ({ api, config, poolCards, masterData, assumptions }) => {
      const card = await poolCards.take();
      const cardIdentifier = card.cardIdentifier!;
      const statusChange = { statusReasonId: reasonFor(masterData, card), notes: `${config.runId} unlisted property` };
      const bodies: Partial<Record<OperationId, Json>> = {
        blockCard: statusChange,
        unblockCard: statusChange,
        cancelCard: statusChange,
        replaceCard: {},
        reprintPIN: { cardAddress: pinLetterAddress() },
      };
      if (operation === 'unblockCard')
        await blockCardFirst(api, cardIdentifier, { statusReasonId: statusChange.statusReasonId });
      await judge(
        await api.call(operation, { params: { cardIdentifier }, body: withUnlisted(bodies[operation]!, path) }),
        assumptions,
        `${words} ${where(path)}`
      );
    });
  }
});

test.describe('geosearch body', () => {
  for (const path of [[], ['filters'], ['options']] as Path[]) {
    test(
      title('POST /locations/geosearch/rectangle', path, false),
      rules(RULE),
      async ({ api, geoAreas, assumptions }) => {
        // A rectangle with locations: a search finding none may answer 404 (ASSUME-GEO-404), which would hide a refusal.
        const area = geoAreas.small ?? geoAreas.busy;
        test.skip(!area, NO_SMALL_AREA);
        const body = withUnlisted({ filters: {}, options: {} }, path) as GeosearchRequest;
        await judge(
          await api.geosearchRectangle({ ...area!, count: 1 }, body),
          assumptions,
          `POST /locations/geosearch/rectangle ${where(path)}`
        );
      }
    );
  }
});
