/**
 * Customers: list, get, create a sub-customer, update details, card types, block, unblock, close.
 * Rules (Endpoints / Customers, States / Customer, Limits) and the sandbox's choices where the
 * document is silent (sandbox/README.md, ASSUME-*).
 */
import type { FastifyInstance } from 'fastify';
import type { AddressComplete, CustomerCreateRequest, CustomerListQuery, CustomerNotesRequest, CustomerUpdateRequest } from '../../lib/types.generated.js';
import type { SandboxPluginOptions } from '../context.js';
import { ApiError } from '../errors.js';
import type { Faults } from '../faults.js';
import { accountParams, callerOf, customerFor, decodeCursor, encodeCursor, routeOf } from '../route-kit.js';
import { customerStatus, customerStatusNames, type CustomerRecord, type Store } from '../store.js';

/** Page size of GET /customers without limit (document: default 50). */
export const CUSTOMER_LIST_DEFAULT_LIMIT = 50;
/** Largest page GET /customers answers; a larger limit is capped silently (ASSUME-CUSTOMER-LIST-PAGE). */
export const CUSTOMER_LIST_MAX_LIMIT = 200;
/** Deepest level a sub-customer may be created at (document: two levels below the top-level). */
export const MAX_DEPTH = 2;

const ADDRESS_FIELDS = ['addressLines', 'city', 'country', 'countryCode', 'region', 'zipCode'] as const;

/** customerName may be missing under the customer-name-optional fault (the name defaults to the account number). */
type CreateBody = Omit<CustomerCreateRequest, 'customerName'> & Partial<Pick<CustomerCreateRequest, 'customerName'>>;

interface ListCursor {
  v: 1;
  after: string;
  customerAccountNumber: string | null;
  searchText: string | null;
}

function isListCursor(value: unknown): value is ListCursor {
  const c = value as ListCursor;
  return !!c && typeof c === 'object' && c.v === 1 && typeof c.after === 'string'
    && (c.customerAccountNumber === null || typeof c.customerAccountNumber === 'string')
    && (c.searchText === null || typeof c.searchText === 'string');
}

/** The six address fields of a customer address (companyName belongs to card addresses only). */
function customerAddress(address: AddressComplete): AddressComplete {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f]])) as unknown as AddressComplete;
}

export function customerView(store: Store, c: CustomerRecord, faults: Faults): Record<string, unknown> {
  const parent = c.parentAccountNumber === undefined ? undefined : store.customers.get(c.parentAccountNumber);
  const statusName = customerStatusNames[c.statusId]!;
  const address: Record<string, unknown> = { ...c.address };
  if (faults.has('customer-zip-code-number') && /^\d+$/.test(c.address.zipCode)) address.zipCode = Number(c.address.zipCode);
  if (faults.has('customer-address-company-name')) address.companyName = c.name;
  const contact: Record<string, unknown> = { ...c.contact };
  if (faults.has('customer-contact-mobile-phone-number') && c.contact.mobilePhone) contact.mobilePhone = Number(c.contact.mobilePhone.replace(/\D/g, ''));
  return {
    customerAccountNumber: c.accountNumber,
    customerName: c.name,
    ...(c.businessReference !== undefined ? { customerBusinessReference: c.businessReference } : {}),
    customerContact: contact,
    customerAddress: address,
    status: faults.has('customer-status-text-uppercase') && c.statusId === customerStatus.active ? statusName.toUpperCase() : statusName,
    statusIdentifier: faults.has('customer-status-identifier-string') ? String(c.statusId) : c.statusId,
    countOfSubAccounts: faults.has('customer-count-of-sub-accounts-stale') ? c.seededChildren
      : faults.has('customer-count-all-descendants') ? descendantCount(store, c) : c.children.length,
    ...(parent ? {
      parentCustomerAccountNumber: faults.has('customer-parent-number-wrong') ? c.topLevel : parent.accountNumber,
      parentCustomerIdentifier: parent.internalId,
    } : {}),
  };
}

function descendantCount(store: Store, c: CustomerRecord): number {
  return c.children.reduce((n, child) => n + 1 + descendantCount(store, store.customers.get(child)!), 0);
}

/** Sub-customers only: the top-level customer is the operator's, not the interface's, to change. */
function subCustomer(c: CustomerRecord): CustomerRecord {
  if (c.depth === 0) throw ApiError.forbidden(`customer ${c.accountNumber} is the top-level customer; only sub-customers can be changed through the interface`);
  return c;
}

function notClosed(c: CustomerRecord, action: string): void {
  if (c.statusId === customerStatus.closed) throw ApiError.badRequest(`customer ${c.accountNumber} is closed permanently; it cannot be ${action}`);
}

export default async function customerRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { store, faults } = opts;
  const now = () => new Date().toISOString();

  app.route<{ Querystring: CustomerListQuery }>({
    ...routeOf('listCustomers', { querystring: { $ref: 'customer-list-query.json' } }),
    handler: async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (q.limit !== undefined && q.limit < 1) throw ApiError.badRequest('limit must be at least 1');
      let limit = q.limit ?? (faults.has('customer-list-default-limit-20') ? 20 : CUSTOMER_LIST_DEFAULT_LIMIT);
      limit = faults.has('customer-list-limit-ignored') ? CUSTOMER_LIST_MAX_LIMIT : Math.min(limit, CUSTOMER_LIST_MAX_LIMIT);

      let accountFilter = q.customerAccountNumber;
      let searchText = q.searchText;
      let after: string | undefined;
      if (q.cursor !== undefined) {
        const cursor = decodeCursor(q.cursor, isListCursor);
        // The cursor carries its query; a request that repeats the filters must repeat them unchanged.
        if ((accountFilter !== undefined && accountFilter !== (cursor.customerAccountNumber ?? undefined))
          || (searchText !== undefined && searchText !== (cursor.searchText ?? undefined))) {
          throw ApiError.badRequest('cursor belongs to a list with other customerAccountNumber or searchText');
        }
        accountFilter = cursor.customerAccountNumber ?? undefined;
        searchText = cursor.searchText ?? undefined;
        after = cursor.after;
      }

      let candidates: CustomerRecord[];
      if (accountFilter !== undefined) {
        const parent = customerFor(store, caller, accountFilter, faults);
        candidates = faults.has('customer-list-all-descendants')
          ? store.descendants(parent.accountNumber)
          : parent.children.map((acc) => store.customers.get(acc)!);
      } else if (faults.has('customer-list-only-direct')) {
        candidates = store.customers.get(caller.topLevel)!.children.map((acc) => store.customers.get(acc)!);
      } else {
        candidates = store.descendants(caller.topLevel);
      }
      if (faults.has('customer-list-includes-top-level') && accountFilter === undefined) candidates.push(store.customers.get(caller.topLevel)!);

      if (searchText && !(accountFilter !== undefined && faults.has('customer-list-filters-not-combined'))) {
        const caseSensitive = faults.has('customer-search-case-sensitive');
        const needle = caseSensitive ? searchText : searchText.toLowerCase();
        const fields = (c: CustomerRecord) => [
          faults.has('customer-search-ignores-number') ? undefined : c.accountNumber,
          faults.has('customer-search-ignores-name') ? undefined : c.name,
          faults.has('customer-search-ignores-business-reference') ? undefined : c.businessReference,
        ];
        candidates = candidates.filter((c) => fields(c).some((f) => f !== undefined && (caseSensitive ? f : f.toLowerCase()).includes(needle)));
      }

      candidates.sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : a.accountNumber > b.accountNumber ? 1 : 0));
      let start = after === undefined ? 0 : candidates.findIndex((c) => c.accountNumber > after!);
      if (start < 0) start = candidates.length;
      if (after !== undefined && faults.has('customer-list-page-overlap')) start = Math.max(0, start - 1);
      if (after !== undefined && faults.has('customer-list-page-gap')) start += 1;
      const page = candidates.slice(start, start + limit);
      const hasNextPage = start + limit < candidates.length;
      const last = page[page.length - 1];
      return {
        customers: page.map((c) => customerView(store, c, faults)),
        hasNextPage,
        lastPage: !hasNextPage,
        ...(hasNextPage && last ? {
          nextCursor: encodeCursor({ v: 1, after: last.accountNumber, customerAccountNumber: accountFilter ?? null, searchText: searchText ?? null } satisfies ListCursor),
        } : {}),
        totalCount: candidates.length,
      };
    },
  });

  app.route<{ Params: { customerAccountNumber: string } }>({
    ...routeOf('getCustomer', { params: accountParams }),
    handler: async (request) => customerView(store, customerFor(store, callerOf(request), request.params.customerAccountNumber, faults), faults),
  });

  app.route<{ Body: CreateBody }>({
    ...routeOf('createSubCustomer'),
    handler: async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const top = store.customers.get(caller.topLevel)!;
      let parent: CustomerRecord;
      if (body.customerAccountNumber !== undefined && !faults.has('customer-create-parent-ignored')) {
        parent = customerFor(store, caller, body.customerAccountNumber, faults);
      } else if (body.customerAccountNumber === undefined && faults.has('customer-create-default-parent-wrong')) {
        parent = store.customers.get(top.children[0]!)!;
      } else {
        parent = top;
      }
      if (parent.statusId === customerStatus.closed) throw ApiError.badRequest(`parent customer ${parent.accountNumber} is closed`);
      const maxDepth = faults.has('customer-depth-3-accepted') ? MAX_DEPTH + 1 : MAX_DEPTH;
      if (parent.depth + 1 > maxDepth) {
        throw ApiError.badRequest(`a sub-customer can be created at most ${MAX_DEPTH} levels below the top-level customer; ${parent.accountNumber} is at level ${parent.depth}`);
      }
      const accountNumber = store.newAccountNumber(parent.topLevel);
      const notMain = faults.has('customer-address-not-main');
      store.addCustomer({
        accountNumber,
        name: body.customerName ?? accountNumber,
        ...(body.customerBusinessReference !== undefined ? { businessReference: body.customerBusinessReference } : {}),
        contact: notMain ? { ...parent.contact } : { ...body.customerContact },
        address: notMain ? { ...parent.address } : customerAddress(body.customerAddress),
        statusId: customerStatus.active,
        parentAccountNumber: parent.accountNumber,
        history: [{ action: 'create', statusId: customerStatus.active, at: now() }],
      });
      return faults.has('customer-create-number-missing') ? {} : { customerAccountNumber: accountNumber };
    },
  });

  app.route<{ Params: { customerAccountNumber: string }; Body: CustomerUpdateRequest }>({
    ...routeOf('updateCustomerDetail', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(customerFor(store, callerOf(request), request.params.customerAccountNumber, faults));
      notClosed(c, 'updated');
      if (faults.has('customer-update-not-applied')) return {};
      const body = request.body;
      if (body.customerName !== undefined) c.name = body.customerName;
      if (body.customerBusinessReference !== undefined) c.businessReference = body.customerBusinessReference;
      if (body.customerContact !== undefined) c.contact = { ...body.customerContact };
      if (body.customerAddress !== undefined) c.address = customerAddress(body.customerAddress);
      c.history.push({ action: 'updateDetail', statusId: c.statusId, at: now() });
      return {};
    },
  });

  app.route<{ Params: { customerAccountNumber: string } }>({
    ...routeOf('getCustomerCardTypes', { params: accountParams }),
    handler: async (request) => {
      const caller = callerOf(request);
      customerFor(store, caller, request.params.customerAccountNumber, faults);
      if (faults.has('card-types-500')) throw new Error('card types fault');
      const master = store.masterFor(caller.topLevel);
      if (faults.has('customer-card-types-renamed')) return master.data.cardType.map(({ id, name, description }) => ({ id, name, description }));
      return master.data.cardType.map((t) => ({
        cardTypeId: t.id,
        cardTypeName: t.name,
        ...(faults.has('customer-card-types-description-absent') ? {} : { cardTypeDescription: t.description }),
        defaultPurchaseCategoryId: t.defaultPurchaseCategoryId,
        purchaseCategoryName: master.get('purchaseCategory', t.defaultPurchaseCategoryId)?.name ?? '',
        isEV: faults.has('customer-card-types-isev-string') ? String(t.isEV) : t.isEV,
      }));
    },
  });

  type NotesRoute = { Params: { customerAccountNumber: string }; Body: CustomerNotesRequest };
  const record = (c: CustomerRecord, action: string, notes: string | undefined) =>
    c.history.push({ action, statusId: c.statusId, ...(notes !== undefined ? { notes } : {}), at: now() });

  app.route<NotesRoute>({
    ...routeOf('blockCustomer', { params: accountParams }),
    handler: async (request, reply) => {
      const c = subCustomer(customerFor(store, callerOf(request), request.params.customerAccountNumber, faults));
      const closedAllowed = faults.has('customer-block-after-close-accepted') && c.statusId === customerStatus.closed;
      if (!closedAllowed) notClosed(c, 'blocked');
      if (c.statusId === customerStatus.blocked) throw ApiError.badRequest(`customer ${c.accountNumber} is blocked already`);
      if (!faults.has('customer-block-not-applied')) c.statusId = customerStatus.blocked;
      record(c, 'block', request.body.notes);
      if (faults.has('opstatus-empty-body')) return reply.type('application/json').send('');
      return {};
    },
  });

  app.route<NotesRoute>({
    ...routeOf('unblockCustomer', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(customerFor(store, callerOf(request), request.params.customerAccountNumber, faults));
      notClosed(c, 'unblocked');
      const wasActive = c.statusId === customerStatus.active;
      const activeAllowed = wasActive && (faults.has('customer-unblock-active-accepted') || faults.has('customer-unblock-open-changes-status'));
      if (c.statusId !== customerStatus.blocked && !activeAllowed) {
        throw ApiError.badRequest(`customer ${c.accountNumber} is not blocked; only a blocked customer can be unblocked`);
      }
      if (wasActive && faults.has('customer-unblock-open-changes-status')) c.statusId = customerStatus.blocked;
      else if (!faults.has('customer-unblock-not-applied')) c.statusId = customerStatus.active;
      record(c, 'unblock', request.body.notes);
      return {};
    },
  });

  app.route<NotesRoute>({
    ...routeOf('closeCustomer', { params: accountParams }),
    handler: async (request) => {
      const c = subCustomer(customerFor(store, callerOf(request), request.params.customerAccountNumber, faults));
      notClosed(c, 'closed again');
      c.statusId = customerStatus.closed;
      record(c, 'close', request.body.notes);
      return {};
    },
  });
}
