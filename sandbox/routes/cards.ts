/**
 * Cards: order, get, search, block, unblock, cancel, replace, PIN reprint. Rules (Endpoints /
 * Cards, States / Card, Limits) and the sandbox's choices where the document is silent
 * (sandbox/README.md, ASSUME-*). cardPIN is stored and never leaves the store.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { operations } from '../../lib/operations.js';
import type {
  CardOrderRequest,
  CardReplaceRequest,
  CardReprintPinRequest,
  CardSearchRequest,
  CardStatusChangeRequest,
} from '../../lib/types.generated.js';
import { refuseUnshapedSearchValues } from '../card-search-values.js';
import type { Caller, SandboxPluginOptions } from '../context.js';
import { ApiError, type Problem } from '../errors.js';
import type { FaultId, Faults } from '../faults.js';
import { orderProblems } from '../order-validation.js';
import { refuseCombination } from '../replace-combinations.js';
import {
  bodyCustomerFor,
  callerOf,
  cardAddressOf,
  cardFor,
  cardParams,
  contactOf,
  cursorReader,
  decodeCursor,
  encodeCursor,
  existing,
  filterCustomerFor,
  routeOf,
  summaryOf,
} from '../route-kit.js';
import { addReplacement, CARD_VALIDITY_YEARS, cardNumbers } from '../seed/cards.js';
import { productsByRestriction, retiredProduct } from '../seed/master-data.js';
import { Snapshots } from '../snapshots.js';
import {
  type CardRecord,
  cardStatus,
  cardStatusNames,
  customerStatus,
  expiryFrom,
  type MasterIndex,
  type Store,
  today,
} from '../store.js';
import { validationProblems } from '../validation.js';
import type { Variants } from '../variants.js';

/** Page size of POST /cards/search without limit (ASSUME-CARD-SEARCH-DEFAULTS). */
export const CARD_SEARCH_DEFAULT_LIMIT = 50;
/** Largest page the search answers; a larger limit is capped silently (ASSUME-CARD-SEARCH-DEFAULTS). */
export const CARD_SEARCH_MAX_LIMIT = 200;
/** Card search page sizes under the page-sizes-other variant; the largest under page-size-over-max-refused. */
const OTHER_DEFAULT_LIMIT = 20;
const OTHER_MAX_LIMIT = 100;
/** How long the cards of an order or a replacement stay unseen under order-cards-later and replacement-delayed. */
const APPEARS_AFTER_MS = 3_000;
/** How long a replacement stays unseen under replacement-next-day: longer than any run waits. */
const NEXT_DAY_MS = 24 * 3_600_000;

/** The fields of a card order item required under card-order-all-required. */
const allRequired = [
  'cardTypeId',
  'cardCategoryId',
  'cardGroupId',
  'purchaseCategoryId',
  'fuelProductRestrictionId',
  'products',
  'additionalEmbossing',
  'driverName',
  'vehicleRegNumber',
  'cardAddress',
  'cardContact',
] as const;

/** Card status ids and names other than Active's under the card-statuses-other variant. */
const otherCardStatuses: Record<number, [number, string]> = {
  [cardStatus.blocked]: [6, 'Temporarily blocked'],
  [cardStatus.cancelled]: [7, 'Cancelled'],
  [cardStatus.expired]: [8, 'Expired'],
  [cardStatus.ordered]: [9, 'In production'],
};

/** The id and name a card status is shown with. */
export function cardStatusOut(statusId: number, variants: Variants): [number, string] {
  return (variants.has('card-statuses-other') && otherCardStatuses[statusId]) || [statusId, cardStatusNames[statusId]!];
}

/** The sandbox's status id of an id a request names. */
function cardStatusIn(shownId: number, variants: Variants): number {
  if (!variants.has('card-statuses-other')) return shownId;
  const found = Object.entries(otherCardStatuses).find(([, [id]]) => id === shownId);
  return found ? Number(found[0]) : shownId === cardStatus.active ? shownId : -shownId;
}

// ---- Views ----

function statusName(name: string, statusId: number, faults: Faults, card?: CardRecord): string {
  if (
    faults.has('card-status-name-wrong-after-unblock') &&
    statusId === cardStatus.active &&
    card?.history.at(-1)?.action === 'unblock'
  )
    return 'Unblocked';
  return name;
}

/** Fields a server that keeps less leaves out (optional-fields-omitted), with every empty value. */
const notKept = new Set(['keyIdentifier', 'secondaryCardNumber']);

function omitted(view: Record<string, unknown>): Record<string, unknown> {
  const empty = (v: unknown) => v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
  return Object.fromEntries(
    Object.entries(view)
      .filter(([k, v]) => !notKept.has(k) && !empty(v))
      .map(([k, v]) => [
        k,
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).filter(([, x]) => !empty(x)))
          : v,
      ])
  );
}

export function cardView(store: Store, card: CardRecord, faults: Faults, variants: Variants): Record<string, unknown> {
  const master = store.masterFor(card.topLevel);
  const restriction = master.get('fuelProductRestriction', card.fuelProductRestrictionId);
  const [statusId, name] = cardStatusOut(card.statusId, variants);
  const view = {
    cardIdentifier: card.cardIdentifier,
    cardType: master.get('cardType', card.cardTypeId)?.name ?? '',
    status: { id: statusId, name: statusName(name, statusId, faults, card) },
    primaryVisualCardNumber: card.primaryVisualCardNumber,
    secondaryCardNumber: card.secondaryCardNumber,
    keyIdentifier: card.keyIdentifier,
    driverName: card.driverName,
    vehicleRegNumber: card.vehicleRegNumber,
    additionalEmbossing: card.additionalEmbossing,
    purchaseCategoryName: master.get('purchaseCategory', card.purchaseCategoryId)?.name ?? '',
    fuelProductRestriction: {
      productRestrictionId: card.fuelProductRestrictionId,
      productRestrictionName: restriction?.name ?? '',
    },
    products: card.productIds.map((productId) => ({
      productId,
      productName:
        master.get('product', productId)?.name ?? (productId === retiredProduct.id ? retiredProduct.name : ''),
    })),
    cardDeliveryAddress: { ...card.deliveryAddress },
    cardDeliveryContact: { ...card.deliveryContact },
    orderDate: card.orderDate,
    expiryDate: card.expiryDate,
    ...(faults.has('card-pin-echoed') && card.pin !== undefined ? { cardPIN: card.pin } : {}),
  };
  return variants.has('optional-fields-omitted') ? omitted(view) : view;
}

// ---- Search ----

/** What a search item shows of a card under search-items-summary: the rest only GET shows. */
const SUMMARY = new Set([
  'cardIdentifier',
  'cardType',
  'status',
  'primaryVisualCardNumber',
  'driverName',
  'vehicleRegNumber',
]);

function searchItem(view: Record<string, unknown>, variants: Variants): Record<string, unknown> {
  return variants.has('search-items-summary') ? summaryOf(view, SUMMARY) : view;
}

/** Everything of a search body that selects and orders cards (not limit, not cursor). */
type SearchQuery = Omit<CardSearchRequest, 'limit' | 'cursor'>;
const queryKeys = [
  'sortExpression',
  'customerAccountNumber',
  'orderReference',
  'cardTypeIdentifiers',
  'statusIdentifiers',
  'filter',
] as const;

interface SearchCursor {
  v: 1;
  /** Sort key of the last card of the previous page. */
  after: [number, number];
  /** Under card-search-cursor-position: where the next page starts, counted in the search as it is then. */
  at?: number;
  q: SearchQuery;
  /** The top-level account of the client it was issued to. */
  tl?: string;
}

function isSearchCursor(value: unknown): value is SearchCursor {
  const c = value as SearchCursor;
  return (
    !!c &&
    typeof c === 'object' &&
    c.v === 1 &&
    Array.isArray(c.after) &&
    c.after.length === 2 &&
    c.after.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (c.at === undefined || Number.isInteger(c.at)) &&
    !!c.q &&
    typeof c.q === 'object' &&
    (c.tl === undefined || typeof c.tl === 'string')
  );
}

function queryOf(body: CardSearchRequest): SearchQuery {
  const q: Record<string, unknown> = {};
  for (const key of queryKeys) if (body[key] !== undefined) q[key] = body[key];
  return q as SearchQuery;
}

/** JSON with sorted keys: two queries are the same query when their canonical forms are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

type SortKey = (card: CardRecord) => [number, number];

/**
 * sortExpression grammar (ASSUME-CARD-SEARCH-DEFAULTS): `<field> [asc|desc]`, field `status` or
 * `cardIdentifier`, case-insensitive. `status` sorts by status id (Active = 1 first when
 * ascending), then by cardIdentifier. Default: Active cards first, then by cardIdentifier.
 */
export function sortKeyOf(
  expression: string | undefined,
  faults: Faults,
  variants: Variants,
  filtered = false
): SortKey {
  const text = (expression ?? '').trim();
  if (text === '') {
    if (
      faults.has('card-search-active-not-first') ||
      (filtered && faults.has('card-search-active-first-only-without-filter'))
    )
      return (c) => [0, c.cardIdentifier];
    return (c) => [c.statusId === cardStatus.active ? 0 : 1, c.cardIdentifier];
  }
  if (variants.has('card-sort-grammar-other')) {
    // `+status` / `-status`: the status as shown, so that Active (1) comes first ascending.
    const m = /^([+-])status$/.exec(text);
    if (!m) throw ApiError.badRequest(`sortExpression "${expression}" is not supported (expected +status or -status)`);
    const sign = m[1] === '-' ? -1 : 1;
    return (c) => [sign * cardStatusOut(c.statusId, variants)[0], c.cardIdentifier];
  }
  const m = /^(status|cardIdentifier)(?:\s+(asc|desc))?$/i.exec(text);
  if (!m)
    throw ApiError.badRequest(
      `sortExpression "${expression}" is not supported (expected: status, status asc, status desc, cardIdentifier, cardIdentifier asc or cardIdentifier desc)`
    );
  const sign = m[2]?.toLowerCase() === 'desc' ? -1 : 1;
  return m[1]!.toLowerCase() === 'status'
    ? (c) => [sign * c.statusId, c.cardIdentifier]
    : (c) => [0, sign * c.cardIdentifier];
}

function compareKeys(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** A partial match is a substring anywhere, or under search-prefix-match the start of the field. */
function textMatcher(partial: boolean, variants: Variants): (field: string, wanted: string) => boolean {
  const fold = variants.has('card-filter-case-sensitive') ? (v: string) => v : (v: string) => v.toLowerCase();
  if (!partial) return (field, wanted) => fold(field) === fold(wanted);
  return variants.has('search-prefix-match')
    ? (field, wanted) => fold(field).startsWith(fold(wanted))
    : (field, wanted) => fold(field).includes(fold(wanted));
}

/**
 * The ids of a search filter that master data holds: another is refused, or (under the
 * unknown-filter-ids-match-nothing variant) kept to match no card, or (under `ignored`, a fault)
 * dropped, as though the search had not named it.
 */
function knownIds(
  ids: number[] | undefined,
  master: MasterIndex,
  key: 'cardType' | 'status',
  name: string,
  ignored: boolean,
  variants: Variants
): number[] | undefined {
  for (const id of ids ?? []) {
    if (master.has(key, id) || ignored || variants.has('unknown-filter-ids-match-nothing')) continue;
    throw ApiError.badRequest(`${name}: ${id} is not a ${key} id of the master data`);
  }
  return ignored ? ids?.filter((id) => master.has(key, id)) : ids;
}

// ---- Order ----

/** The ids of a card order item, the master data each names, and the fault that lets an unknown one through. */
const orderRefs = [
  ['cardTypeId', 'cardType', 'order-unknown-card-type-accepted'],
  ['cardCategoryId', 'cardCategory', 'order-unknown-card-category-accepted'],
  ['cardGroupId', 'cardGroup', 'order-unknown-card-group-accepted'],
  ['purchaseCategoryId', 'purchaseCategory', 'order-unknown-purchase-category-accepted'],
  ['fuelProductRestrictionId', 'fuelProductRestriction', 'order-unknown-fuel-restriction-accepted'],
] as const;

/** The card item a problem names (`body/cards/<i>/...`), if one. */
const itemOf = (p: Problem) => /body\/cards\/(\d+)/.exec(p.description)?.[1];

/** The problems a refused order answers: every one, or what a fault of the order's error array keeps of them. */
function answeredProblems(problems: Problem[], faults: Faults): Problem[] {
  if (faults.has('order-errors-first-only')) return problems.slice(0, 1);
  if (faults.has('order-errors-first-item-only')) {
    const first = problems.map(itemOf).find((i) => i !== undefined);
    return problems.filter((p) => itemOf(p) === undefined || itemOf(p) === first);
  }
  return problems;
}

/** What the faults of an order's items take from its first item. */
function itemFaultsOf(faults: Faults) {
  return (first: CardOrderRequest['cards'][number]): Partial<CardOrderRequest['cards'][number]> => ({
    ...(faults.has('order-second-item-copies-first')
      ? { cardAddress: first.cardAddress, cardContact: first.cardContact }
      : {}),
    ...(faults.has('order-products-of-first-item') ? { products: first.products } : {}),
  });
}

// ---- Lifecycle helpers ----

/** Unblock's body schema where a fault loosens it and not block's (they share card-status-change-request.json). */
function unblockBody(faults: Faults): { schema?: FastifySchema } {
  const optional = faults.has('card-unblock-reason-optional');
  const longer = faults.has('card-unblock-notes-201-accepted');
  if (!optional && !longer) return {};
  const body = {
    type: 'object',
    additionalProperties: false,
    ...(optional ? {} : { required: ['statusReasonId'] }),
    properties: { statusReasonId: { type: 'integer' }, notes: { type: 'string', maxLength: longer ? 201 : 200 } },
  };
  return { schema: { ...routeOf('unblockCard', { params: cardParams }).schema, body } };
}

/** statusReasonId is optional on cancel, and on block and unblock under the card-block-reason-optional fault. */
type StatusChangeBody = Partial<CardStatusChangeRequest>;

/** Checked field by field in the handler (attachValidation): any part may be missing. */
type OrderBody = Partial<CardOrderRequest>;

export default async function cardRoutes(
  app: FastifyInstance,
  opts: SandboxPluginOptions & { orderCompletionSeconds?: number }
): Promise<void> {
  const { store, faults, variants } = opts;
  const now = () => new Date().toISOString();
  const itemFaults = itemFaultsOf(faults);
  const appearsLater = (variant: 'order-cards-later' | 'replacement-delayed') =>
    variants.has(variant) ? { visibleFrom: Date.now() + APPEARS_AFTER_MS } : {};
  const replacementAppears = () =>
    variants.has('replacement-next-day')
      ? { visibleFrom: Date.now() + NEXT_DAY_MS }
      : appearsLater('replacement-delayed');

  /** The card of a block, unblock, cancel, replace or PIN reprint (card-foreign-writable and card-foreign-sub-writable serve another hierarchy's). */
  const writableCard = (caller: Caller, cardIdentifier: number): CardRecord => {
    const ownerDepth = store.customers.get(store.cards.get(cardIdentifier)?.customerAccountNumber ?? '')?.depth;
    return cardFor(
      store,
      caller,
      cardIdentifier,
      faults,
      faults.has('card-foreign-writable') || (faults.has('card-foreign-sub-writable') && ownerDepth === 1)
    );
  };
  /** A cancelled card refuses every further operation (document: cancellation is permanent). */
  const notCancelled = (card: CardRecord, action: string) => {
    if (
      card.statusId === cardStatus.cancelled &&
      !faults.has('card-cancel-not-permanent') &&
      !(faults.has('card-gone-revived-by-block') && action === 'blocked')
    ) {
      throw ApiError.refused(`card ${card.cardIdentifier} is cancelled permanently; it cannot be ${action}`);
    }
  };
  /** The fault that lets a statusReasonId master data does not hold through, per action. */
  const reasonUnchecked = {
    blocked: 'card-reason-unchecked',
    unblocked: 'card-unblock-reason-unchecked',
    'cancelled again': 'card-cancel-reason-unchecked',
  } as const;
  /** Whether any hierarchy's master data holds the id: what a server that checks ids against all of them takes. */
  const anyHierarchy = (key: 'reason' | (typeof orderRefs)[number][1] | 'product', id: number) =>
    [...store.master.values()].some((m) => m.has(key, id));
  const checkReason = (
    master: MasterIndex,
    statusReasonId: number | undefined,
    action: keyof typeof reasonUnchecked
  ) => {
    if (
      faults.has('card-reason-any-hierarchy') &&
      statusReasonId !== undefined &&
      anyHierarchy('reason', statusReasonId)
    )
      return;
    if (statusReasonId !== undefined && !master.has('reason', statusReasonId) && !faults.has(reasonUnchecked[action])) {
      throw ApiError.badRequest(`statusReasonId ${statusReasonId} is not a reason id of the master data`);
    }
  };
  const record = (card: CardRecord, action: string, body: StatusChangeBody) =>
    card.history.push({
      action,
      statusId: card.statusId,
      at: now(),
      ...(body.statusReasonId !== undefined ? { statusReasonId: body.statusReasonId } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
    });

  // ---- Order ----
  app.route<{ Body: OrderBody }>({
    ...routeOf('orderCards'),
    // Schema problems and the checks below are answered together, one array element each.
    attachValidation: true,
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const missingCode = faults.has('order-missing-field-er001') ? 'ER-001' : 'ER-002';
      const problems: Problem[] = [];
      /** Identifiers the caller's master data does not hold. */
      const unknownIds: Problem[] = [];
      if (request.validationError) {
        const error = request.validationError as Error & {
          validation?: Parameters<typeof validationProblems>[1];
          validationContext?: string;
        };
        problems.push(...validationProblems(error.validationContext ?? 'body', error.validation ?? [], missingCode));
      }
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as OrderBody;
      const accountNumber =
        typeof body.customerAccountNumber === 'string'
          ? body.customerAccountNumber
          : body.customerAccountNumber === undefined && faults.has('order-customer-optional')
            ? caller.topLevel
            : undefined;
      const customer =
        accountNumber === undefined ? undefined : bodyCustomerFor(store, caller, accountNumber, faults, variants);
      if (customer && customer.statusId !== customerStatus.active) {
        problems.push({
          code: 'ER-001',
          description: `customer ${customer.accountNumber} is not active; cards can be ordered for active customers only`,
        });
      }
      const master = store.masterFor(caller.topLevel);
      const items = Array.isArray(body.cards) ? body.cards : [];
      if (Array.isArray(body.cards) && items.length === 0)
        problems.push({ code: 'ER-001', description: 'invalid value at body/cards: at least one card is needed' });
      items.forEach((item, i) => {
        if (!item || typeof item !== 'object') return; // reported by the schema
        const at = `body/cards/${i}`;
        for (const field of variants.has('card-order-all-required') ? allRequired : (['cardTypeId'] as const)) {
          if (item[field] === undefined)
            problems.push({ code: missingCode, description: `missing required field ${at}/${field}` });
        }
        const known = (key: (typeof orderRefs)[number][1] | 'product', id: number) =>
          master.has(key, id) || (faults.has('order-ids-any-hierarchy') && anyHierarchy(key, id));
        for (const [field, key, fault] of orderRefs) {
          const id = item[field];
          if (typeof id === 'number' && !known(key, id) && !faults.has(fault))
            unknownIds.push({
              code: 'ER-001',
              description: `invalid value at ${at}/${field}: ${id} is not a ${key} id of the master data`,
            });
        }
        (Array.isArray(item.products) ? item.products : []).forEach((p, j) => {
          if (!p || typeof p !== 'object') return;
          if (p.productId === undefined)
            problems.push({ code: missingCode, description: `missing required field ${at}/products/${j}/productId` });
          else if (
            typeof p.productId === 'number' &&
            !known('product', p.productId) &&
            !faults.has('order-unknown-product-accepted')
          ) {
            unknownIds.push({
              code: 'ER-001',
              description: `invalid value at ${at}/products/${j}/productId: ${p.productId} is not a product id of the master data`,
            });
          }
        });
      });
      const refused = orderProblems(problems, unknownIds, missingCode, variants);
      if (refused.length) throw new ApiError(400, answeredProblems(refused, faults));
      if (!customer) throw ApiError.internal();
      const day = today();
      const orderReference = variants.has('formats-other') ? randomUUID() : store.newOrderReference(day);
      // order-validated-later: the order's identifiers are checked after the 202, and it fails then.
      if (unknownIds.length) return reply.code(202).send({ orderReference });
      // The order's cards: at once as Ordered, or (SANDBOX_ORDER_COMPLETION) only when it completes, as Active.
      const addCards = (statusId: number) =>
        items
          .map((item) => ({ ...item, ...itemFaults(items[0]!) }))
          .forEach((item) => {
            // A card type master data does not hold is here only under order-unknown-card-type-accepted.
            const type = master.get('cardType', item.cardTypeId!) ?? {
              ...master.data.cardType[0]!,
              id: item.cardTypeId!,
            };
            const purchaseCategoryId = item.purchaseCategoryId ?? type.defaultPurchaseCategoryId;
            const fuelProductRestrictionId =
              item.fuelProductRestrictionId ??
              master.get('purchaseCategory', purchaseCategoryId)?.productRestrictionId ??
              master.data.fuelProductRestriction[0]!.id;
            const defaultProducts = (productsByRestriction[fuelProductRestrictionId] ?? []).filter((id) =>
              master.has('product', id)
            );
            const cardIdentifier = store.newCardIdentifier();
            store.addCard({
              cardIdentifier,
              customerAccountNumber: customer.accountNumber,
              cardTypeId: type.id,
              cardCategoryId: item.cardCategoryId ?? master.data.cardCategory[0]!.id,
              cardGroupId:
                item.cardGroupId ??
                (master.data.cardGroup.find((g) => g.cardTypeId === type.id) ?? master.data.cardGroup[0]!).id,
              purchaseCategoryId,
              fuelProductRestrictionId,
              productIds: item.products ? item.products.map((p) => p.productId!) : defaultProducts,
              statusId,
              ...cardNumbers(store.random, cardIdentifier, customer.topLevel),
              driverName: faults.has('card-driver-accents-stripped')
                ? (item.driverName ?? '').normalize('NFD').replace(/\p{M}/gu, '')
                : (item.driverName ?? ''),
              vehicleRegNumber: item.vehicleRegNumber ?? '',
              additionalEmbossing: item.additionalEmbossing ?? '',
              isDriverEmbossed: item.isDriverEmbossed ?? false,
              isVRNEmbossed: item.isVRNEmbossed ?? false,
              deliveryAddress: {
                ...customer.address,
                companyName: customer.name,
                ...(item.cardAddress ? cardAddressOf(item.cardAddress) : {}),
              },
              deliveryContact: item.cardContact ? contactOf(item.cardContact) : { ...customer.contact },
              orderDate: day,
              expiryDate: expiryFrom(day, CARD_VALIDITY_YEARS),
              orderReference,
              ...(item.cardPIN !== undefined ? { pin: item.cardPIN } : {}),
              ...appearsLater('order-cards-later'),
              history: [{ action: 'order', statusId, at: now() }],
            });
          });
      if (opts.orderCompletionSeconds)
        setTimeout(() => addCards(cardStatus.active), opts.orderCompletionSeconds * 1000).unref();
      else addCards(cardStatus.ordered);
      reply.code(operations.orderCards.success);
      return { orderReference };
    },
  });

  if (faults.has('card-id-parse-int')) {
    // Before the integer schema reads it: the digits a cardIdentifier starts with ("4000003abc" is card 4000003).
    app.addHook('preValidation', async (request) => {
      const params = request.params as { cardIdentifier?: string };
      const parsed = parseInt(params.cardIdentifier ?? '', 10);
      if (!Number.isNaN(parsed)) params.cardIdentifier = String(parsed);
    });
  }

  // ---- Get ----
  app.route<{ Params: { cardIdentifier: number } }>({
    ...routeOf('getCard', { params: cardParams }),
    handler: async (request) => {
      const card = cardFor(store, callerOf(request), request.params.cardIdentifier, faults);
      if (
        card.statusId === cardStatus.cancelled &&
        (variants.has('ended-unreadable') || faults.has('card-gone-revived-by-block'))
      )
        throw ApiError.notFound(`card ${card.cardIdentifier} not found`);
      return cardView(store, card, faults, variants);
    },
  });

  // ---- Search ----
  const snapshots = new Snapshots<number>();
  /** The count of a search's matches, on a page a cursor led to too (defaults-omitted: counting costs a query, made for a first page only). */
  const totalOf = (matches: number, continued: boolean) =>
    continued && variants.has('defaults-omitted') ? undefined : matches;
  /** A card list response. */
  const searchPage = (
    cards: CardRecord[],
    customerAccountNumber: string,
    hasNextPage: boolean,
    nextCursor: string | undefined,
    totalCount: number | undefined,
    lastPage = !hasNextPage
  ) => {
    return {
      cards: cards.map((c) => searchItem(cardView(store, c, faults, variants), variants)),
      customerAccountNumber,
      hasNextPage,
      lastPage,
      ...(nextCursor ? { nextCursor } : {}),
      ...(totalCount === undefined ? {} : { totalCount }),
    };
  };
  app.route<{ Body: CardSearchRequest }>({
    ...routeOf('cardSearch'),
    handler: async (request) => {
      let caller = callerOf(request);
      const body = request.body;
      refuseUnshapedSearchValues(body, variants);
      if (variants.has('page-size-over-max-refused') && (body.limit ?? 0) > OTHER_MAX_LIMIT)
        throw ApiError.badRequest(`limit must be at most ${OTHER_MAX_LIMIT}`);
      const snapshotted = variants.has('snapshot-cursor');
      if (snapshotted && body.cursor !== undefined) {
        const { id, snapshot, at, empty } = snapshots.open(body.cursor, caller, variants, () =>
          ApiError.forbidden('cursor was issued to another client')
        );
        const page = snapshots.page(
          id,
          snapshot,
          at,
          Math.min(
            body.limit ?? snapshot.limit,
            variants.has('page-sizes-other') ? OTHER_MAX_LIMIT : CARD_SEARCH_MAX_LIMIT
          )
        );
        const cards = empty
          ? []
          : page.keys.map((k) => store.cards.get(k)).filter((c): c is CardRecord => c !== undefined);
        return searchPage(
          cards,
          snapshot.scope!,
          empty ? false : page.hasNextPage,
          empty ? undefined : page.nextCursor,
          totalOf(snapshot.keys.length, true)
        );
      }
      let query = queryOf(body);
      let after: [number, number] | undefined;
      let at: number | undefined;
      let empty = false;
      if (body.cursor !== undefined) {
        const cursor = decodeCursor(body.cursor, isSearchCursor);
        ({ reader: caller, empty } = cursorReader(
          caller,
          cursor.tl,
          faults.has('card-search-cursor-foreign'),
          variants,
          () => ApiError.forbidden('cursor was issued to another client')
        ));
        // The cursor carries its query: a request may repeat it unchanged or leave it out.
        if (faults.has('card-search-cursor-drops-filters')) query = {};
        else if (Object.keys(query).length && canonical(query) !== canonical(cursor.q))
          throw ApiError.badRequest('cursor belongs to a search with other criteria');
        else query = cursor.q;
        after = cursor.after;
        at = cursor.at;
      }
      const other = variants.has('page-sizes-other');
      const maxLimit = other ? OTHER_MAX_LIMIT : CARD_SEARCH_MAX_LIMIT;
      const defaultLimit = other ? OTHER_DEFAULT_LIMIT : CARD_SEARCH_DEFAULT_LIMIT;
      let limit = (after && faults.has('card-search-cursor-drops-limit') ? undefined : body.limit) ?? defaultLimit;
      limit = faults.has('card-search-limit-ignored') ? maxLimit : Math.min(limit, maxLimit);
      const filtered =
        query.cardTypeIdentifiers !== undefined ||
        query.statusIdentifiers !== undefined ||
        query.orderReference !== undefined ||
        query.filter !== undefined;
      const sortKey = sortKeyOf(query.sortExpression, faults, variants, filtered);
      const master = store.masterFor(caller.topLevel);
      const firstOnly = (ids: number[] | undefined, fault: FaultId) => (faults.has(fault) ? ids?.slice(0, 1) : ids);
      const typeIds = knownIds(
        firstOnly(query.cardTypeIdentifiers, 'card-search-first-card-type-only'),
        master,
        'cardType',
        'cardTypeIdentifiers',
        faults.has('card-search-unknown-card-type-ignored'),
        variants
      );
      const statusIds = knownIds(
        firstOnly(query.statusIdentifiers, 'card-search-first-status-only')?.map((id) => cardStatusIn(id, variants)),
        master,
        'status',
        'statusIdentifiers',
        faults.has('card-search-unknown-status-ignored'),
        variants
      );

      let cards: CardRecord[];
      if (query.customerAccountNumber !== undefined) {
        const customer = filterCustomerFor(
          store,
          caller,
          query.customerAccountNumber,
          faults,
          variants,
          faults.has('card-search-foreign-customer-listed')
        );
        const all = customer ? (store.cardsByTopLevel.get(customer.topLevel) ?? []) : [];
        cards = faults.has('card-search-customer-ignored')
          ? all
          : all.filter((c) => c.customerAccountNumber === customer?.accountNumber);
      } else if (
        query.filter?.primaryVisualCardNumber !== undefined &&
        query.filter.partialMatch !== true &&
        faults.has('card-search-foreign-card-number')
      ) {
        cards = [...store.cards.values()];
      } else {
        cards = store.cardsByTopLevel.get(caller.topLevel) ?? [];
      }
      const searchedAt = Date.now();
      cards = empty ? [] : cards.filter((c) => existing(c, searchedAt));
      if (query.orderReference !== undefined && !faults.has('card-search-order-reference-ignored')) {
        cards = cards.filter((c) => c.orderReference === query.orderReference);
      }
      if (typeIds?.length && !faults.has('card-search-card-type-filter-ignored')) {
        const ids = new Set(typeIds);
        cards = cards.filter((c) => ids.has(c.cardTypeId));
      }
      if (statusIds?.length && !faults.has('card-search-status-filter-ignored')) {
        const ids = new Set(statusIds);
        cards = cards.filter((c) => ids.has(c.statusId));
      }
      const filter = query.filter;
      if (filter) {
        let partial = filter.partialMatch === true;
        if (partial && faults.has('card-search-partial-match-ignored')) partial = false;
        else if (!partial && faults.has('card-search-whole-match-partial')) partial = true;
        const match = textMatcher(partial, variants);
        const checks: [string | undefined, (c: CardRecord) => string, boolean][] = [
          [
            filter.primaryVisualCardNumber,
            (c) => c.primaryVisualCardNumber,
            faults.has('card-search-pvcn-filter-ignored'),
          ],
          [filter.driverName, (c) => c.driverName, faults.has('card-search-driver-filter-ignored')],
          [filter.vehicleRegNumber, (c) => c.vehicleRegNumber, faults.has('card-search-vrn-filter-ignored')],
        ];
        for (const [wanted, field, ignored] of checks) {
          if (wanted !== undefined && !ignored) cards = cards.filter((c) => match(field(c), wanted));
        }
      }

      const keyed = cards.map((card) => ({ card, key: sortKey(card) })).sort((a, b) => compareKeys(a.key, b.key));
      const scope = query.customerAccountNumber ?? caller.topLevel;
      if (snapshotted) {
        const first = snapshots.first({
          keys: keyed.map((k) => k.card.cardIdentifier),
          limit,
          tl: caller.topLevel,
          scope,
        });
        return searchPage(
          first.keys.map((k) => store.cards.get(k)!),
          scope,
          first.hasNextPage,
          first.nextCursor,
          keyed.length
        );
      }
      const position = variants.has('card-search-cursor-position');
      let start =
        after === undefined
          ? 0
          : position && at !== undefined
            ? Math.min(at, keyed.length)
            : keyed.findIndex((k) => compareKeys(k.key, after!) > 0);
      if (start < 0) start = keyed.length;
      if (after !== undefined && faults.has('card-search-page-gap')) start += 1;
      const page = keyed.slice(start, start + limit);
      let hasNextPage = start + limit < keyed.length;
      const lastKey = page.length ? page.at(-1)!.key : after;
      const cursorAt = (key: [number, number]) =>
        encodeCursor({
          v: 1,
          after: key,
          ...(position ? { at: start + page.length } : {}),
          q: query,
          tl: caller.topLevel,
        } satisfies SearchCursor);
      let nextCursor = hasNextPage && lastKey ? cursorAt(lastKey) : undefined;
      if (hasNextPage && !lastKey) nextCursor = cursorAt([-Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]);
      const lastPage = !hasNextPage;
      if (!hasNextPage && faults.has('card-search-has-next-page-wrong')) {
        hasNextPage = true;
        nextCursor = cursorAt(lastKey ?? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
      }
      return searchPage(
        page.map((k) => k.card),
        scope,
        hasNextPage,
        nextCursor,
        totalOf(keyed.length, body.cursor !== undefined),
        lastPage
      );
    },
  });

  // ---- Block, unblock, cancel ----
  type StatusRoute = { Params: { cardIdentifier: number }; Body: StatusChangeBody };
  /** The card of a block, unblock or cancel, after the checks all three make first. */
  const statusTarget = (request: FastifyRequest<StatusRoute>, action: keyof typeof reasonUnchecked): CardRecord => {
    const caller = callerOf(request);
    const card = writableCard(caller, request.params.cardIdentifier);
    checkReason(store.masterFor(caller.topLevel), request.body.statusReasonId, action);
    notCancelled(card, action);
    return card;
  };

  /** Under card-notes-bytes-counted: notes over 200 UTF-8 bytes are refused, whatever their characters. */
  const notesInBytes = (notes: string | undefined) => {
    if (faults.has('card-notes-bytes-counted') && notes !== undefined && Buffer.byteLength(notes, 'utf8') > 200)
      throw ApiError.badRequest('notes is longer than 200 characters');
  };

  app.route<StatusRoute>({
    ...routeOf('blockCard', { params: cardParams }),
    handler: async (request) => {
      const card = statusTarget(request, 'blocked');
      if (faults.has('card-block-notes-required') && request.body.notes === undefined)
        throw ApiError.badRequest('notes is required');
      notesInBytes(request.body.notes);
      const fromCancelled = card.statusId === cardStatus.cancelled; // only under card-cancel-not-permanent or card-gone-revived-by-block
      if (card.statusId !== cardStatus.active && !fromCancelled) {
        if (variants.has('unmet-condition-no-op') && card.statusId === cardStatus.blocked) return {};
        throw ApiError.refused(
          `card ${card.cardIdentifier} is ${cardStatusNames[card.statusId]}; only an Active card can be blocked`
        );
      }
      const blockedBefore = card.history.some((h) => h.action === 'block');
      if (!faults.has('card-block-not-applied') && !(faults.has('card-second-block-ignored') && blockedBefore))
        card.statusId = cardStatus.blocked;
      if (faults.has('card-block-changes-driver')) card.driverName = card.driverName.toUpperCase();
      record(card, 'block', request.body);
      return {};
    },
  });

  app.route<StatusRoute>({
    ...routeOf('unblockCard', { params: cardParams }),
    ...unblockBody(faults),
    handler: async (request) => {
      const card = statusTarget(request, 'unblocked');
      if (faults.has('card-unblock-notes-required') && request.body.notes === undefined)
        throw ApiError.badRequest('notes is required');
      notesInBytes(request.body.notes);
      if (card.statusId === cardStatus.cancelled) return {}; // only under card-cancel-not-permanent
      const wasActive = card.statusId === cardStatus.active;
      const activeAllowed =
        wasActive && (faults.has('card-unblock-active-accepted') || faults.has('card-unblock-active-changes-status'));
      if (card.statusId !== cardStatus.blocked && !activeAllowed) {
        if (variants.has('unmet-condition-no-op') && wasActive) return {};
        throw ApiError.refused(
          `card ${card.cardIdentifier} is ${cardStatusNames[card.statusId]}; only a Blocked card can be unblocked`
        );
      }
      if (card.replacedBy !== undefined && variants.has('replaced-original-stays-blocked')) {
        throw ApiError.refused(
          `card ${card.cardIdentifier} was blocked because it has been replaced (by card ${card.replacedBy}); it cannot be unblocked`
        );
      }
      if (wasActive && faults.has('card-unblock-active-changes-status')) card.statusId = cardStatus.blocked;
      else if (!faults.has('card-unblock-stays-blocked')) card.statusId = cardStatus.active;
      record(card, 'unblock', request.body);
      return {};
    },
  });

  app.route<StatusRoute>({
    ...routeOf('cancelCard', { params: cardParams }),
    handler: async (request) => {
      const card = statusTarget(request, 'cancelled again');
      if (variants.has('card-cancel-strict')) {
        if (request.body.statusReasonId === undefined) throw ApiError.badRequest('statusReasonId is required');
        if ((request.body.notes?.length ?? 0) > 200) throw ApiError.badRequest('notes is longer than 200 characters');
      }
      card.statusId = cardStatus.cancelled;
      record(card, 'cancel', request.body);
      return {};
    },
  });

  // ---- Replace ----
  app.route<{ Params: { cardIdentifier: number }; Body: CardReplaceRequest }>({
    ...routeOf('replaceCard', { params: cardParams }),
    handler: async (request) => {
      const caller = callerOf(request);
      const original = writableCard(caller, request.params.cardIdentifier);
      const body = request.body;
      if (faults.has('card-replace-body-required') && !Object.keys(body).length)
        throw ApiError.badRequest('replace needs at least one property of the replacement');
      if (
        faults.has('card-replace-vrn-needs-driver') &&
        body.vehicleRegNumber !== undefined &&
        body.driverName === undefined
      )
        throw ApiError.badRequest('vehicleRegNumber is changed together with driverName');
      const master = store.masterFor(original.topLevel);
      const refs = [
        ['cardTypeId', 'cardType', 'card-replace-unknown-card-type-accepted'],
        ['purchaseCategoryId', 'purchaseCategory', 'card-replace-unknown-purchase-category-accepted'],
        ['cardGroupId', 'cardGroup', 'card-replace-unknown-card-group-accepted'],
      ] as const;
      for (const [field, key, fault] of refs) {
        const id = body[field];
        if (id !== undefined && !master.has(key, id) && !faults.has(fault))
          throw ApiError.badRequest(`${field}: ${id} is not a ${key} id of the master data`);
      }
      refuseCombination(master, original, body, variants);
      notCancelled(original, 'replaced');
      const escaped = (text: string | undefined) =>
        text !== undefined && faults.has('card-driver-name-html-escaped')
          ? text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`)
          : text;
      if (faults.has('card-replace-changes-original')) {
        for (const field of ['driverName', 'vehicleRegNumber', 'additionalEmbossing'] as const)
          if (body[field] !== undefined) original[field] = body[field]!;
      }
      addReplacement(
        store,
        original,
        {
          cardTypeId: body.cardTypeId ?? original.cardTypeId,
          purchaseCategoryId: body.purchaseCategoryId ?? original.purchaseCategoryId,
          cardGroupId: body.cardGroupId ?? original.cardGroupId,
          additionalEmbossing: body.additionalEmbossing ?? original.additionalEmbossing,
          driverName:
            escaped(body.driverName) ?? (faults.has('card-replace-loses-property') ? '' : original.driverName),
          vehicleRegNumber: faults.has('card-replace-ignores-change')
            ? original.vehicleRegNumber
            : (body.vehicleRegNumber ?? original.vehicleRegNumber),
          ...replacementAppears(),
        },
        today(),
        now()
      );
      if (!faults.has('card-replace-original-not-blocked') && original.statusId !== cardStatus.cancelled)
        original.statusId = cardStatus.blocked;
      record(original, 'replace', {});
      return {};
    },
  });

  // ---- PIN reprint ----
  app.route<{ Params: { cardIdentifier: number }; Body: CardReprintPinRequest }>({
    ...routeOf('reprintPIN', { params: cardParams }),
    handler: async (request) => {
      const card = writableCard(callerOf(request), request.params.cardIdentifier);
      if (faults.has('card-reprint-pin-404')) throw ApiError.notFound(`card ${card.cardIdentifier} not found`);
      if (faults.has('reprint-address-required') && request.body?.cardAddress === undefined)
        throw ApiError.badRequest('cardAddress is required');
      notCancelled(card, 'sent a PIN letter');
      card.history.push({ action: 'reprintPIN', statusId: card.statusId, at: now() });
      return {};
    },
  });
}
