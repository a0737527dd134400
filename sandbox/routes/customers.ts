/**
 * Customers: list, get, create a sub-customer, update details, card types, block, unblock, close.
 * Rules (Endpoints / Customers, States / Customer, Limits) and the sandbox's choices where the
 * document is silent (sandbox/README.md, ASSUME-*).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { operations } from '../../lib/operations.js';
import type {
  AddressComplete,
  CustomerCreateRequest,
  CustomerListQuery,
  CustomerNotesRequest,
  CustomerUpdateRequest,
} from '../../lib/types.generated.js';
import type { Caller, SandboxPluginOptions } from '../context.js';
import {
  cascade,
  refuseCloseWithCards,
  refuseFrozen,
  refuseTopLevelParent,
  refuseWrite,
  searchMatches,
  shownStatus,
  storedName,
  storedText,
  updateBase,
} from '../customer-choices.js';
import { ApiError } from '../errors.js';
import type { Faults } from '../faults.js';
import { offeredCardTypes } from '../replace-combinations.js';
import {
  ADDRESS_FIELDS,
  accountParams,
  bodyCustomerFor,
  callerOf,
  contactOf,
  cursorReader,
  customerFor,
  decodeCursor,
  encodeCursor,
  fastifyPath,
  filterCustomerFor,
  routeOf,
  summaryOf,
} from '../route-kit.js';
import { Snapshots } from '../snapshots.js';
import { type CustomerRecord, customerStatus, type Store } from '../store.js';
import type { Variants } from '../variants.js';

/** How long customer-create-number-shared's insert takes to land after the number was read. */
const INSERT_LAG_MS = 150;

/**
 * customer-create-number-shared: the next free number is read when the request arrives and stored
 * with the insert a slow step later, so creations sent at once all read the same one.
 */
async function numberTakenLate(store: Store, topLevel: string): Promise<string> {
  const accountNumber = store.freeAccountNumber(topLevel);
  await new Promise((resolve) => setTimeout(resolve, INSERT_LAG_MS));
  return accountNumber;
}

/** Page size of GET /customers without limit (document: default 50). */
export const CUSTOMER_LIST_DEFAULT_LIMIT = 50;
/** Largest page GET /customers answers; a larger limit is capped silently (ASSUME-CUSTOMER-LIST-PAGE). */
export const CUSTOMER_LIST_MAX_LIMIT = 200;
/** The largest page under the page-sizes-other variant. */
const OTHER_MAX_LIMIT = 100;
/** Deepest level a sub-customer may be created at (document: two levels below the top-level). */
export const MAX_DEPTH = 2;

/** customerName may be missing under the customer-name-optional fault (the name defaults to the account number). */
type CreateBody = Omit<CustomerCreateRequest, 'customerName'> & Partial<Pick<CustomerCreateRequest, 'customerName'>>;

interface ListCursor {
  v: 1;
  after: string;
  customerAccountNumber: string | null;
  searchText: string | null;
  /** The top-level account of the client it was issued to. */
  tl?: string;
}

function isListCursor(value: unknown): value is ListCursor {
  const c = value as ListCursor;
  return (
    !!c &&
    typeof c === 'object' &&
    c.v === 1 &&
    typeof c.after === 'string' &&
    (c.customerAccountNumber === null || typeof c.customerAccountNumber === 'string') &&
    (c.searchText === null || typeof c.searchText === 'string') &&
    (c.tl === undefined || typeof c.tl === 'string')
  );
}

/** The six address fields of a customer address (companyName belongs to card addresses only). */
function customerAddress(address: AddressComplete): AddressComplete {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])) as unknown as AddressComplete;
}

/** Without empty values, and without the internal identifier a server may not expose (optional-fields-omitted). */
function omitted(view: Record<string, unknown>): Record<string, unknown> {
  const { parentCustomerIdentifier: _internal, ...rest } = view;
  const kept = Object.entries(rest)
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([k, v]) => [
      k,
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ''))
        : v,
    ]);
  return Object.fromEntries(kept);
}

/** What a list item shows of a customer under list-items-summary: the rest only GET shows. */
const SUMMARY = new Set([
  'customerAccountNumber',
  'customerName',
  'customerBusinessReference',
  'parentCustomerAccountNumber',
]);

/** A customer as the list shows it. */
function listItem(view: Record<string, unknown>, variants: Variants): Record<string, unknown> {
  return variants.has('list-items-summary') ? summaryOf(view, SUMMARY) : view;
}

export function customerView(
  store: Store,
  c: CustomerRecord,
  faults: Faults,
  variants: Variants
): Record<string, unknown> {
  const parent = c.parentAccountNumber === undefined ? undefined : store.customers.get(c.parentAccountNumber);
  const [statusId, statusName] = shownStatus(c, faults, variants);
  const children = variants.has('count-open-sub-accounts')
    ? c.children.filter((acc) => store.customers.get(acc)!.statusId !== customerStatus.closed)
    : c.children;
  const view = {
    customerAccountNumber: c.accountNumber,
    customerName: c.name,
    ...(c.businessReference !== undefined ? { customerBusinessReference: c.businessReference } : {}),
    customerContact: { ...c.contact },
    customerAddress: { ...c.address },
    status: statusName,
    statusIdentifier: statusId,
    countOfSubAccounts: faults.has('customer-count-of-sub-accounts-stale')
      ? c.seededChildren
      : faults.has('customer-count-all-descendants')
        ? descendantCount(store, c)
        : children.length,
    ...(parent
      ? {
          parentCustomerAccountNumber: faults.has('customer-parent-number-wrong') ? c.topLevel : parent.accountNumber,
          parentCustomerIdentifier: parent.internalId,
        }
      : {}),
  };
  return variants.has('optional-fields-omitted') ? omitted(view) : view;
}

function descendantCount(store: Store, c: CustomerRecord): number {
  return c.children.reduce((n, child) => n + 1 + descendantCount(store, store.customers.get(child)!), 0);
}

/** The customer as GET shows it: under top-level-unreadable, the caller's top-level customer is not (403). */
function readable(c: CustomerRecord, variants: Variants): CustomerRecord {
  if (c.depth === 0 && variants.has('top-level-unreadable'))
    throw ApiError.forbidden(
      `customer ${c.accountNumber} is the top-level customer; it is not readable through the interface`
    );
  if (c.statusId === customerStatus.closed && variants.has('ended-unreadable'))
    throw ApiError.notFound(`customer ${c.accountNumber} not found`);
  return c;
}

/** Sub-customers only: the top-level customer is the operator's, not the interface's, to change. */
function subCustomer(c: CustomerRecord): CustomerRecord {
  if (c.depth === 0)
    throw ApiError.forbidden(
      `customer ${c.accountNumber} is the top-level customer; only sub-customers can be changed through the interface`
    );
  return c;
}

function notClosed(c: CustomerRecord, action: string): void {
  if (c.statusId === customerStatus.closed)
    throw ApiError.refused(`customer ${c.accountNumber} is closed permanently; it cannot be ${action}`);
}

export default async function customerRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { store, faults, variants } = opts;
  const now = () => new Date().toISOString();
  /** New account numbers under formats-other: letters and digits. */
  let nextOtherNumber = 1001;
  /** customer-foreign-depth-2-writable: the changes of a customer two levels below a top-level account are served whoever asks. */
  const depth2Served = (accountNumber: string) =>
    faults.has('customer-foreign-depth-2-writable') && store.customers.get(accountNumber)?.depth === 2;

  const snapshots = new Snapshots<string>();
  /** A page of the customer list, in the shape the variants choose (its shape is not shown). */
  const listPage = (
    reply: FastifyReply,
    page: CustomerRecord[],
    hasNextPage: boolean,
    nextCursor: string | undefined,
    totalCount: number,
    limit: number,
    offset: number
  ) => {
    const customers = page.map((c) => listItem(customerView(store, c, faults, variants), variants));
    if (variants.has('customer-list-bare-array')) {
      if (nextCursor) reply.header('x-next-cursor', nextCursor);
      return customers;
    }
    if (variants.has('customer-list-link-header')) {
      if (nextCursor)
        reply.header(
          'link',
          `</customers?${new URLSearchParams({ cursor: nextCursor, limit: String(limit) })}>; rel="next"`
        );
      return { items: customers, lastPage: !hasNextPage };
    }
    if (variants.has('customer-list-nested-paging')) {
      return { customers, paging: { limit, offset, totalCount, hasNextPage, nextCursor: nextCursor ?? null } };
    }
    if (variants.has('customer-list-envelope')) {
      return {
        data: customers,
        paging: { ...(nextCursor ? { next: nextCursor } : {}), more: hasNextPage, total: totalCount },
      };
    }
    return { customers, hasNextPage, lastPage: !hasNextPage, ...(nextCursor ? { nextCursor } : {}), totalCount };
  };

  app.route<{ Querystring: CustomerListQuery }>({
    ...routeOf('listCustomers', { querystring: { $ref: 'customer-list-query.json' } }),
    handler: async (request, reply) => {
      let caller = callerOf(request);
      const q = request.query;
      if (q.limit !== undefined && q.limit < 1) throw ApiError.badRequest('limit must be at least 1');
      if (variants.has('page-size-over-max-refused') && (q.limit ?? 0) > OTHER_MAX_LIMIT)
        throw ApiError.badRequest(`limit must be at most ${OTHER_MAX_LIMIT}`);

      const maxLimit = variants.has('page-sizes-other') ? OTHER_MAX_LIMIT : CUSTOMER_LIST_MAX_LIMIT;
      const snapshotted = variants.has('snapshot-cursor');
      if (snapshotted && q.cursor !== undefined) {
        const { id, snapshot, at, empty } = snapshots.open(q.cursor, caller, variants, () =>
          ApiError.notFound('cursor not found')
        );
        const page = snapshots.page(id, snapshot, at, Math.min(q.limit ?? snapshot.limit, maxLimit));
        const listed = empty ? [] : page.keys.map((k) => store.customers.get(k)!);
        return listPage(
          reply,
          listed,
          empty ? false : page.hasNextPage,
          empty ? undefined : page.nextCursor,
          snapshot.keys.length,
          snapshot.limit,
          at
        );
      }
      let accountFilter = q.customerAccountNumber;
      let searchText = q.searchText;
      let after: string | undefined;
      let empty = false;
      if (q.cursor !== undefined) {
        const cursor = decodeCursor(q.cursor, isListCursor);
        ({ reader: caller, empty } = cursorReader(
          caller,
          cursor.tl,
          faults.has('customer-list-cursor-foreign'),
          variants,
          () => ApiError.notFound('cursor not found')
        ));
        // The cursor carries its query; a request that repeats the filters must repeat them unchanged.
        const other =
          (accountFilter !== undefined && accountFilter !== (cursor.customerAccountNumber ?? undefined)) ||
          (searchText !== undefined && searchText !== (cursor.searchText ?? undefined));
        if (faults.has('customer-list-cursor-drops-filters')) [accountFilter, searchText] = [undefined, undefined];
        else if (other)
          throw ApiError.badRequest('cursor belongs to a list with other customerAccountNumber or searchText');
        else [accountFilter, searchText] = [cursor.customerAccountNumber ?? undefined, cursor.searchText ?? undefined];
        after = cursor.after;
      }
      const given = after !== undefined && faults.has('customer-list-cursor-drops-limit') ? undefined : q.limit;
      const filtered = accountFilter !== undefined || !!searchText;
      const defaultLimit =
        faults.has('customer-list-default-limit-20') ||
        (filtered && faults.has('customer-list-default-limit-with-filter-20'))
          ? 20
          : CUSTOMER_LIST_DEFAULT_LIMIT;
      let limit = given ?? defaultLimit;
      limit = faults.has('customer-list-limit-ignored') ? maxLimit : Math.min(limit, maxLimit);

      let candidates: CustomerRecord[];
      if (accountFilter !== undefined) {
        const parent = filterCustomerFor(
          store,
          caller,
          accountFilter,
          faults,
          variants,
          faults.has('customer-list-foreign-customer-listed')
        );
        candidates = !parent
          ? []
          : faults.has('customer-list-all-descendants')
            ? store.descendants(parent.accountNumber)
            : parent.children.map((acc) => store.customers.get(acc)!);
      } else if (faults.has('customer-list-only-direct')) {
        candidates = store.customers.get(caller.topLevel)!.children.map((acc) => store.customers.get(acc)!);
      } else {
        candidates = store.descendants(caller.topLevel);
      }
      if (faults.has('customer-list-includes-top-level') && accountFilter === undefined)
        candidates.push(store.customers.get(caller.topLevel)!);
      if (empty) candidates = [];

      if (searchText && !(accountFilter !== undefined && faults.has('customer-list-filters-not-combined'))) {
        const caseSensitive = faults.has('customer-search-case-sensitive');
        const needle = caseSensitive ? searchText : searchText.toLowerCase();
        const fields = (c: CustomerRecord) => [
          faults.has('customer-search-ignores-number') ? undefined : c.accountNumber,
          faults.has('customer-search-ignores-name') ? undefined : c.name,
          faults.has('customer-search-ignores-business-reference') ? undefined : c.businessReference,
        ];
        candidates = candidates.filter((c) =>
          fields(c).some(
            (f, i) => f !== undefined && searchMatches(caseSensitive ? f : f.toLowerCase(), needle, i === 1, variants)
          )
        );
        // A search that never pages: every match at once, whatever the default.
        if (given === undefined && faults.has('customer-list-default-limit-searched-all'))
          limit = Math.max(limit, candidates.length);
      }

      candidates.sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : a.accountNumber > b.accountNumber ? 1 : 0));
      if (snapshotted) {
        const first = snapshots.first({ keys: candidates.map((c) => c.accountNumber), limit, tl: caller.topLevel });
        return listPage(
          reply,
          first.keys.map((k) => store.customers.get(k)!),
          first.hasNextPage,
          first.nextCursor,
          candidates.length,
          limit,
          0
        );
      }
      let start = after === undefined ? 0 : candidates.findIndex((c) => c.accountNumber > after!);
      if (start < 0) start = candidates.length;
      if (after !== undefined && faults.has('customer-list-page-overlap')) start = Math.max(0, start - 1);
      if (after !== undefined && faults.has('customer-list-page-gap')) start += 1;
      const page = candidates.slice(start, start + limit);
      const hasNextPage = start + limit < candidates.length;
      const last = page.at(-1);
      const nextCursor =
        hasNextPage && last
          ? encodeCursor({
              v: 1,
              after: last.accountNumber,
              customerAccountNumber: accountFilter ?? null,
              searchText: searchText ?? null,
              tl: caller.topLevel,
            } satisfies ListCursor)
          : undefined;
      return listPage(reply, page, hasNextPage, nextCursor, candidates.length, limit, start);
    },
  });

  app.route<{ Params: { customerAccountNumber: string } }>({
    ...routeOf('getCustomer', { params: accountParams }),
    handler: async (request) =>
      customerView(
        store,
        readable(customerFor(store, callerOf(request), request.params.customerAccountNumber, faults), variants),
        faults,
        variants
      ),
  });

  app.route<{ Body: CreateBody }>({
    ...routeOf('createSubCustomer'),
    handler: async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const top = store.customers.get(caller.topLevel)!;
      let parent: CustomerRecord;
      if (body.customerAccountNumber !== undefined && !faults.has('customer-create-parent-ignored')) {
        parent = bodyCustomerFor(store, caller, body.customerAccountNumber, faults, variants);
        refuseTopLevelParent(parent, variants);
      } else if (body.customerAccountNumber === undefined && faults.has('customer-create-default-parent-wrong')) {
        parent = store.customers.get(top.children[0]!)!;
      } else {
        parent = top;
      }
      if (parent.statusId === customerStatus.closed)
        throw ApiError.refused(`parent customer ${parent.accountNumber} is closed`);
      const maxDepth = faults.has('customer-depth-3-accepted') ? MAX_DEPTH + 1 : MAX_DEPTH;
      if (parent.depth + 1 > maxDepth) {
        throw ApiError.badRequest(
          `a sub-customer can be created at most ${MAX_DEPTH} levels below the top-level customer; ${parent.accountNumber} is at level ${parent.depth}`
        );
      }
      refuseWrite(store, parent.topLevel, body as CustomerCreateRequest, faults, variants);
      const shared = faults.has('customer-create-number-shared');
      const accountNumber = variants.has('formats-other')
        ? `SC-${nextOtherNumber++}`
        : shared
          ? await numberTakenLate(store, parent.topLevel)
          : store.newAccountNumber(parent.topLevel);
      const notMain = faults.has('customer-address-not-main');
      const details = storedText(
        {
          name: storedName(body.customerName ?? accountNumber, faults),
          ...(body.customerBusinessReference !== undefined
            ? { businessReference: body.customerBusinessReference }
            : {}),
          // Either may be missing only under customer-contact-optional or customer-address-optional: the parent's then.
          contact: notMain || !body.customerContact ? { ...parent.contact } : contactOf(body.customerContact),
          address: notMain || !body.customerAddress ? { ...parent.address } : customerAddress(body.customerAddress),
        },
        variants
      );
      // The racing insert of customer-create-number-shared finds the number stored already and keeps the first.
      if (!(shared && store.customers.has(accountNumber)))
        store.addCustomer({
          accountNumber,
          ...details,
          created: details,
          statusId: customerStatus.active,
          parentAccountNumber: parent.accountNumber,
          history: [{ action: 'create', statusId: customerStatus.active, at: now() }],
        });
      return { customerAccountNumber: accountNumber };
    },
  });

  app.route<{ Params: { customerAccountNumber: string }; Body: CustomerUpdateRequest }>({
    ...routeOf('updateCustomerDetail', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(
        customerFor(
          store,
          callerOf(request),
          request.params.customerAccountNumber,
          faults,
          faults.has('customer-foreign-update-applied') || depth2Served(request.params.customerAccountNumber)
        )
      );
      notClosed(c, 'updated');
      refuseFrozen(c, variants);
      const body = request.body;
      if (faults.has('customer-update-contact-required') && body.customerContact === undefined)
        throw ApiError.badRequest('customerContact is required');
      refuseWrite(store, c.topLevel, body, faults, variants, c);
      if (faults.has('customer-update-not-applied')) return {};
      Object.assign(c, updateBase(c, faults));
      if (body.customerName !== undefined) c.name = storedText(storedName(body.customerName, faults), variants);
      if (body.customerBusinessReference !== undefined)
        c.businessReference = storedText(body.customerBusinessReference, variants);
      if (body.customerContact !== undefined) c.contact = storedText(contactOf(body.customerContact), variants);
      if (body.customerAddress !== undefined) c.address = storedText(customerAddress(body.customerAddress), variants);
      if (faults.has('customer-update-reactivates-blocked') && c.statusId === customerStatus.blocked)
        c.statusId = customerStatus.active;
      c.history.push({ action: 'updateDetail', statusId: c.statusId, at: now() });
      return {};
    },
  });

  app.route<{ Params: { customerAccountNumber: string } }>({
    ...routeOf('getCustomerCardTypes', { params: accountParams }),
    ...(faults.has('card-types-versioned-path')
      ? { url: `/v1${fastifyPath(operations.getCustomerCardTypes.path)}` }
      : {}),
    handler: async (request) => {
      const customer = readable(
        customerFor(
          store,
          callerOf(request),
          request.params.customerAccountNumber,
          faults,
          faults.has('customer-foreign-card-types-readable')
        ),
        variants
      );
      const master = store.masterFor(customer.topLevel);
      return offeredCardTypes(master, variants).map((t) => ({
        cardTypeId: t.id,
        cardTypeName: t.name,
        cardTypeDescription: t.description,
        defaultPurchaseCategoryId: t.defaultPurchaseCategoryId,
        purchaseCategoryName: master.get('purchaseCategory', t.defaultPurchaseCategoryId)?.name ?? '',
        isEV: t.isEV,
      }));
    },
  });

  type NotesRoute = { Params: { customerAccountNumber: string }; Body: CustomerNotesRequest };
  /** The customer of a block, unblock or close (customer-foreign-sub-writable and customer-foreign-depth-2-writable serve another hierarchy's). */
  const writable = (accountNumber: string, caller: Caller) =>
    customerFor(
      store,
      caller,
      accountNumber,
      faults,
      faults.has('customer-foreign-sub-writable') || depth2Served(accountNumber)
    );
  const record = (c: CustomerRecord, action: string, notes: string | undefined) =>
    c.history.push({ action, statusId: c.statusId, ...(notes !== undefined ? { notes } : {}), at: now() });

  app.route<NotesRoute>({
    ...routeOf('blockCustomer', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(writable(request.params.customerAccountNumber, callerOf(request)));
      if (faults.has('customer-block-notes-required') && request.body.notes === undefined)
        throw ApiError.badRequest('notes is required');
      const closedAllowed = faults.has('customer-block-after-close-accepted') && c.statusId === customerStatus.closed;
      if (!closedAllowed) notClosed(c, 'blocked');
      if (c.statusId === customerStatus.blocked) {
        if (variants.has('unmet-condition-no-op')) return {};
        throw ApiError.refused(`customer ${c.accountNumber} is blocked already`);
      }
      if (!faults.has('customer-block-not-applied')) c.statusId = customerStatus.blocked;
      record(c, 'block', request.body.notes);
      cascade(store, c, 'block', variants, now());
      return {};
    },
  });

  app.route<NotesRoute>({
    ...routeOf('unblockCustomer', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(writable(request.params.customerAccountNumber, callerOf(request)));
      notClosed(c, 'unblocked');
      const wasActive = c.statusId === customerStatus.active;
      const activeAllowed =
        wasActive &&
        (faults.has('customer-unblock-active-accepted') || faults.has('customer-unblock-open-changes-status'));
      if (c.statusId !== customerStatus.blocked && !activeAllowed) {
        if (variants.has('unmet-condition-no-op')) return {};
        throw ApiError.refused(`customer ${c.accountNumber} is not blocked; only a blocked customer can be unblocked`);
      }
      if (wasActive && faults.has('customer-unblock-open-changes-status')) c.statusId = customerStatus.blocked;
      else if (!faults.has('customer-unblock-not-applied')) c.statusId = customerStatus.active;
      record(c, 'unblock', request.body.notes);
      cascade(store, c, 'unblock', variants, now());
      return {};
    },
  });

  app.route<NotesRoute>({
    ...routeOf('closeCustomer', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(writable(request.params.customerAccountNumber, callerOf(request)));
      if (faults.has('customer-close-notes-required') && request.body.notes === undefined)
        throw ApiError.badRequest('notes is required');
      notClosed(c, 'closed again');
      refuseCloseWithCards(store, c, variants);
      c.statusId = customerStatus.closed;
      record(c, 'close', request.body.notes);
      return {};
    },
  });
}
