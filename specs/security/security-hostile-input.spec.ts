/**
 * Hostile input never yields a 5xx or a hang: every operation gets injection strings, control
 * characters, 10,000-character strings, wrong JSON types, malformed JSON, huge numbers, negative
 * and float ids, path traversal in path parameters and wrong media types. Each answer must come
 * within the request timeout and be below 500; a documented status must carry its documented body
 * (the client's automatic checks). Every variant runs, then the test lists all that went wrong.
 */
import fc from 'fast-check';
import { type CustomerFactory, expect, forRule, type PoolCards } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { type ApiResponse, type CallOptions, ConformanceError } from '../../lib/client.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE, reasonFor } from '../../lib/discovery.js';
import { TransientError } from '../../lib/environment.js';
import type { Exchange } from '../../lib/exchange.js';
import { cardOrderBody, cardOrderItem, pinLetterAddress } from '../../lib/factories/card.js';
import { completeAddress, contact, placesOf, subCustomerBody } from '../../lib/factories/customer.js';
import { BlockedError } from '../../lib/ledger.js';
import { fillPath, type OperationId, operation } from '../../lib/operations.js';
import { rules } from '../../lib/rules/declared.js';
import type { MasterData } from '../../lib/types.generated.js';
import {
  type BodyTarget,
  bodyVariants,
  hostilePathSegments,
  hostileStrings,
  numberTexts,
  type Variant,
} from './hostile.js';
import {
  pathParameterOf,
  type SampleIds,
  type ServiceOperationId,
  sampleRequest,
  serviceOperations,
  test,
} from './samples.js';

const RULE = 'ROBUST-NO-5XX-ON-BAD-INPUT';
const MAX_SHOWN = 8;
/** Bodies above this many characters may be refused by closing the connection. */
const OVERSIZED = 1_000_000;

/**
 * Sends one hostile request; returns what went wrong, or undefined. `onLost`: a write whose answer
 * the environment lost (it may have happened). A 5xx is this test's subject only when the input
 * caused it: the client asks again (a write read back first), and `control`, the same request
 * without the hostile part, tells the input's 5xx from a server that fails whatever it is sent
 * (then the test is blocked by the operation's own rule, whose finding that answer is).
 */
async function probe(
  api: FleetApi,
  id: OperationId,
  label: string,
  options: CallOptions,
  control: CallOptions,
  onAnswer?: (exchange: Exchange) => void,
  onLost?: () => void
): Promise<string | undefined> {
  try {
    const response = await api.call(id, { ...options, hostile: true });
    onAnswer?.(response.exchange);
    // A 5xx judged as another rule's (a write the server performed): not the input's doing.
    if (response.status >= 500) api.need(response, label);
    return undefined;
  } catch (e) {
    if (e instanceof BlockedError) throw e;
    if (e instanceof ConformanceError) {
      onAnswer?.(e.exchange);
      if (e.exchange.response.status >= 500) {
        const plain = await api.call(id, control);
        onAnswer?.(plain.exchange);
        if (plain.status >= 500)
          api.need(plain, `${label}: the same request without its hostile part answered ${plain.status} too`);
      }
      return `${label}: ${e.message}`;
    }
    if (!(e instanceof TransientError)) throw e;
    if (e.write) onLost?.();
    // Refusing an oversized body by closing the connection before reading all of it is an answer, not a hang.
    if ((options.rawBody?.length ?? 0) > OVERSIZED && e.kind === 'reset') return undefined;
    // A hang is what every send of it met (a timeout each time); a reset or a gateway's page is the environment's.
    if (e.events.length > 1 && e.events.every((x) => x.kind === 'timeout'))
      return `[${RULE}] ${label}: no answer within the request timeout, ${e.events.length} times`;
    throw e;
  }
}

function jsonOrUndefined(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function expectNoProblems(problems: (string | undefined)[], total: number): void {
  const found = problems.filter((p): p is string => p !== undefined);
  const shown = found.slice(0, MAX_SHOWN).join('\n\n');
  expect(
    found.length,
    `${found.length} of ${total} hostile requests went wrong${found.length > MAX_SHOWN ? ` (first ${MAX_SHOWN} shown)` : ''}:\n\n${shown}`
  ).toBe(0);
}

const titleOf = (id: ServiceOperationId, what: string) => {
  const op = operation(id);
  return `${op.method} ${op.path} answers ${what} without a 5xx or a hang [${RULE}]${op.readOnly ? '' : ' @write'}`;
};

test.describe('hostile input', () => {
  for (const id of serviceOperations.filter((op) => pathParameterOf(op))) {
    test(
      titleOf(id, 'negative, float, huge, encoded and traversing path parameters'),
      rules(RULE),
      async ({ api, sampleIds }) => {
        const request = sampleRequest(id, sampleIds);
        test.skip(!request, `the target has no resource for ${operation(id).path}`);
        const template = operation(id).path;
        const problems: (string | undefined)[] = [];
        for (const [label, segment] of hostilePathSegments) {
          const rawPath = template.replace(/\{\w+\}/, segment);
          problems.push(
            await probe(api, id, `path ${label}: ${rawPath.slice(0, 80)}`, { ...request, rawPath }, request!)
          );
        }
        expectNoProblems(problems, hostilePathSegments.length);
      }
    );
  }

  test(titleOf('listCustomers', 'hostile query parameters'), rules(RULE), async ({ api }) => {
    const names = ['limit', 'cursor', 'customerAccountNumber', 'searchText'];
    const values: [string, string][] = [...hostileStrings, ...numberTexts.map((n): [string, string] => [n, n])];
    const problems: (string | undefined)[] = [];
    for (const name of names) {
      for (const [label, value] of values)
        problems.push(await probe(api, 'listCustomers', `${name}=${label}`, { query: { [name]: value } }, {}));
    }
    const raw = [
      '/customers?limit=1&limit=2',
      '/customers?limit[$gt]=0',
      '/customers?searchText[]=a&searchText[]=b',
      '/customers?%00=1',
      '/customers?limit=%zz',
      '/customers?searchText=%',
    ];
    for (const rawPath of raw) problems.push(await probe(api, 'listCustomers', rawPath, { rawPath }, {}));
    expectNoProblems(problems, names.length * values.length + raw.length);
  });

  test(titleOf('geosearchRectangle', 'hostile query parameters'), rules(RULE), async ({ api }) => {
    const bounds = { topLatitude: 52.6, bottomLatitude: 52.3, leftLongitude: 4.7, rightLongitude: 5.1 };
    const { count, aggregate, precision, language } = await api.geoParamNames();
    const names = [...Object.keys(bounds), count, aggregate, precision, language];
    const values: [string, string][] = [...hostileStrings, ...numberTexts.map((n): [string, string] => [n, n])];
    const problems: (string | undefined)[] = [];
    const total = Math.max(values.length, names.length * 3);
    for (let i = 0; i < total; i++) {
      const name = names[i % names.length]!;
      const [label, value] = values[i % values.length]!;
      problems.push(
        await probe(
          api,
          'geosearchRectangle',
          `${name}=${label}`,
          { query: { ...bounds, [name]: value }, body: {} },
          { query: bounds, body: {} }
        )
      );
    }
    expectNoProblems(problems, total);
  });

  test(
    `any text (control and astral characters included) as customer searchText, card search driverName or geosearch language never gets a 5xx [${RULE}]`,
    rules(RULE),
    async ({ api, property }) => {
      const bounds = { topLatitude: 52.6, bottomLatitude: 52.3, leftLongitude: 4.7, rightLongitude: 5.1 };
      const { language } = await api.geoParamNames();
      const sends: Record<string, (text: string) => Promise<ApiResponse>> = {
        searchText: (text) => api.call('listCustomers', { query: { searchText: text, limit: 5 }, hostile: true }),
        driverName: (text) =>
          api.call('cardSearch', {
            body: { limit: 5, filter: { partialMatch: true, driverName: text } },
            hostile: true,
          }),
        language: (text) =>
          api.call('geosearchRectangle', { query: { ...bounds, [language]: text }, body: {}, hostile: true }),
      };
      await property(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(sends)),
          fc.string({ unit: 'binary', maxLength: 300 }),
          async (field, text) => {
            const response = await sends[field]!(text);
            await forRule(RULE, () => expect(response.status, `${field} = ${JSON.stringify(text)}`).toBeLessThan(500));
          }
        )
      );
    }
  );
});

interface BodyCase {
  id: ServiceOperationId;
  /**
   * The operation's path parameters and query, the body variants to send, and the valid body that
   * tells a 5xx the input caused from a server failing whatever it is sent (the base by default;
   * a guarded base is invalid on purpose).
   */
  build: (fx: BodyFixtures) => Promise<{ options: CallOptions; target: Omit<BodyTarget, 'runId'>; control?: unknown }>;
}

interface BodyFixtures {
  config: Config;
  nextSerial: () => string;
  customers: CustomerFactory;
  masterData: MasterData;
  sampleIds: SampleIds;
  poolCards: PoolCards;
}

const notes = { notes: 'hostile input' };

/** Card operations act on a pool card; the ones that cannot be undone only ever get bodies that must be refused. */
const bodyCases: BodyCase[] = [
  {
    id: 'createSubCustomer',
    build: async ({ config, nextSerial, masterData }) => ({
      options: {},
      target: { base: subCustomerBody(config.runId, nextSerial(), placesOf(masterData)) },
    }),
  },
  {
    id: 'updateCustomerDetail',
    build: async ({ config, customers, masterData }) => ({
      options: { params: { customerAccountNumber: (await customers.create()).customerAccountNumber } },
      target: {
        base: {
          customerName: `${config.runId} hostile`,
          customerBusinessReference: `${config.runId}h`,
          customerContact: contact('hostile'),
          customerAddress: completeAddress('Hostile', placesOf(masterData).first),
        },
      },
    }),
  },
  ...(['blockCustomer', 'unblockCustomer', 'closeCustomer'] as const).map(
    (id): BodyCase => ({
      id,
      build: async ({ customers }) => ({
        options: { params: { customerAccountNumber: (await customers.create()).customerAccountNumber } },
        target: { base: notes },
      }),
    })
  ),
  {
    id: 'orderCards',
    build: async ({ config, customers, masterData }) => ({
      options: {},
      target: {
        base: cardOrderBody((await customers.create()).customerAccountNumber, [
          cardOrderItem(masterData, { driverName: `${config.runId} hostile` }),
        ]),
      },
    }),
  },
  {
    id: 'cardSearch',
    build: async ({ sampleIds, masterData }) => ({
      options: {},
      target: {
        base: {
          limit: 5,
          customerAccountNumber: sampleIds.customerAccountNumber,
          cardTypeIdentifiers: [cardOrderItem(masterData, { driverName: 'a' }).cardTypeId!],
          statusIdentifiers: [ACTIVE],
          filter: { partialMatch: true, driverName: 'a', vehicleRegNumber: 'b', primaryVisualCardNumber: '7' },
        },
        alsoStrings: ['cursor', 'sortExpression', 'orderReference'],
      },
    }),
  },
  ...(['blockCard', 'unblockCard'] as const).map(
    (id): BodyCase => ({
      id,
      build: async ({ poolCards, masterData }) => {
        const card = await poolCards.take();
        return {
          options: { params: { cardIdentifier: card.cardIdentifier! } },
          target: { base: { statusReasonId: reasonFor(masterData, card), ...notes } },
        };
      },
    })
  ),
  {
    id: 'cancelCard',
    build: async ({ poolCards, masterData }) => {
      const card = await poolCards.take();
      return {
        options: { params: { cardIdentifier: card.cardIdentifier! } },
        target: { base: { statusReasonId: 'not-a-reason', ...notes }, guard: 'statusReasonId' },
        control: { statusReasonId: reasonFor(masterData, card), ...notes },
      };
    },
  },
  {
    id: 'replaceCard',
    build: async ({ poolCards, masterData }) => {
      const card = await poolCards.take();
      const { purchaseCategoryId, cardGroupId } = cardOrderItem(masterData, { driverName: 'Hostile Driver' });
      return {
        options: { params: { cardIdentifier: card.cardIdentifier! } },
        target: {
          base: {
            cardTypeId: 'not-a-card-type',
            purchaseCategoryId,
            cardGroupId,
            driverName: 'Hostile Driver',
            vehicleRegNumber: 'HX-0001',
            additionalEmbossing: 'HOSTILE',
          },
          guard: 'cardTypeId',
        },
        control: {},
      };
    },
  },
  {
    id: 'reprintPIN',
    build: async ({ poolCards }) => {
      const card = await poolCards.take();
      return {
        options: { params: { cardIdentifier: card.cardIdentifier! } },
        target: { base: { cardAddress: pinLetterAddress() } },
      };
    },
  },
  {
    id: 'geosearchRectangle',
    build: async () => ({
      options: { query: { topLatitude: 52.6, bottomLatitude: 52.3, leftLongitude: 4.7, rightLongitude: 5.1 } },
      target: {
        base: {
          filters: { connectorStandards: ['IEC_62196_T2'], capabilities: ['RESERVABLE'] },
          options: { includeAvailableOnly: false },
        },
      },
    }),
  },
];

test.describe('hostile bodies', () => {
  for (const { id, build } of bodyCases) {
    test(
      titleOf(
        id,
        'injection strings, control characters, wrong JSON types, huge numbers, malformed JSON and wrong media types'
      ),
      rules(RULE),
      async ({ api, config, nextSerial, customers, masterData, sampleIds, poolCards }) => {
        const {
          options,
          target,
          control = target.base,
        } = await build({ config, nextSerial, customers, masterData, sampleIds, poolCards });
        const variants: Variant[] = bodyVariants({ ...target, runId: config.runId });
        // A sub-customer created by an accepted variant is the test's factory's: closed at teardown,
        // also when the answer was lost (found then by its run-marked name).
        const own = (exchange: Exchange) => {
          if (id === 'createSubCustomer') customers.adopt(exchange);
        };
        const problems: (string | undefined)[] = [];
        for (const { label, ...variant } of variants) {
          const path = options.params ? fillPath(operation(id).path, options.params) : operation(id).path;
          const lost = () => {
            if (id === 'createSubCustomer') customers.lost(variant.body ?? jsonOrUndefined(variant.rawBody));
          };
          problems.push(
            await probe(
              api,
              id,
              `${label} (${path})`,
              { ...options, ...variant },
              { ...options, body: control },
              own,
              lost
            )
          );
        }
        expectNoProblems(problems, variants.length);
      }
    );
  }
});
