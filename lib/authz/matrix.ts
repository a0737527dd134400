/**
 * The authorization matrix: every operation of the document that names a customer or a card
 * (rows), tried on resources of every owner (columns): the caller's own customer at each depth of
 * its hierarchy (the positive controls: the same request is served) and another client's, at the
 * same depths; a card row names a card of each of those owners. Two tables: customer operations ×
 * whose customer, card operations × whose card. Each cell is a check of one rule; the tests of
 * specs/auth/auth-matrix.spec.ts fill them, and the reports show both tables
 * (lib/report/authz-matrix.ts). This module is the layout both share.
 */
import type { Evidence } from '../ledger.js';
import type { OperationId } from '../operations.js';

/** A customer's level: 0 the top-level account, 1 a sub-customer, 2 a sub-customer's sub-customer (the deepest the document allows). */
export type Depth = 0 | 1 | 2;
export const DEPTHS: readonly Depth[] = [0, 1, 2];

export type Side = 'own' | 'foreign';

const DEPTH_WORDS: Record<Depth, string> = {
  0: 'top-level account',
  1: 'sub-customer',
  2: "sub-customer's sub-customer",
};

export const COLUMNS = {
  ownTop: { side: 'own', depth: 0 },
  ownSub: { side: 'own', depth: 1 },
  ownSubSub: { side: 'own', depth: 2 },
  foreignTop: { side: 'foreign', depth: 0 },
  foreignSub: { side: 'foreign', depth: 1 },
  foreignSubSub: { side: 'foreign', depth: 2 },
} as const satisfies Record<string, { side: Side; depth: Depth }>;

export type ColumnId = keyof typeof COLUMNS;
export const columnIds = Object.keys(COLUMNS) as ColumnId[];

export const columnOf = (side: Side, depth: Depth): ColumnId =>
  columnIds.find((c) => COLUMNS[c].side === side && COLUMNS[c].depth === depth)!;
export const isOwn = (column: ColumnId): boolean => COLUMNS[column].side === 'own';

export type TableId = 'customers' | 'cards';

/** The caller's own top-level account is never changed: its cells of the customer writes are not run by intent. */
export const NOT_THE_TOP_LEVEL =
  "not tried: the suite never changes the top-level account (the operator's; every test and every run works under it)";

/** The owner a column names, in words: "the caller's sub-customer", "another client's top-level account". */
export function ownerWords(column: ColumnId): string {
  const { side, depth } = COLUMNS[column];
  return `${side === 'own' ? "the caller's" : "another client's"} ${DEPTH_WORDS[depth]}`;
}

/** What a cell of `table` in `column` names: the customer itself, or a card of it. */
export function columnWords(table: TableId, column: ColumnId): string {
  return table === 'customers' ? ownerWords(column) : `a card of ${ownerWords(column)}`;
}

/** A table's column heading, short enough for six columns at 1000 pixels. */
export function columnHeading(column: ColumnId): { side: string; owner: string } {
  const { side, depth } = COLUMNS[column];
  return { side: side === 'own' ? 'own' : 'foreign', owner: ['top level', 'sub-customer', 'its sub-customer'][depth]! };
}

/** The matrix's tests: few, each of one rule (and the document's own statement it derives from). */
export const MATRIX_TESTS = {
  customerReads:
    "a customer outside the caller's hierarchy, at any depth of another client's, cannot be read: get and card types answer 403 [CUST-FOREIGN-403, AUTH-FORBIDDEN-403]",
  listings:
    "a customer list or card search filtered by a customer outside the caller's hierarchy answers 403 (or another refusal: ASSUME-UNKNOWN-RESOURCE-404) or none of its customers and cards, and a card search by the number of a card outside it does not show that card, at every depth [AUTH-FOREIGN-NOT-LISTED]",
  cardReads:
    "a card of another client's hierarchy, whatever the depth of its owner, cannot be read: 403 [CARD-FOREIGN-403, AUTH-FORBIDDEN-403]",
  customerWrites:
    "a customer outside the caller's hierarchy, at any depth of another client's, cannot be changed: updateDetail, block, unblock and close answer 403, creating under it and ordering cards for it (which name it in the body) are refused, with 403 or another refusal (ASSUME-UNKNOWN-RESOURCE-404) [CUST-FOREIGN-403, AUTH-FORBIDDEN-403] @write",
  cardWrites:
    "a card of another client's hierarchy, whatever the depth of its owner, cannot be changed: block, unblock, PIN reprint, replace and cancel answer 403 (with a statusReasonId only its owner's master data holds, another refusal too: ASSUME-UNKNOWN-RESOURCE-404) [CARD-FOREIGN-403, AUTH-FORBIDDEN-403] @write",
} as const;

export type MatrixTestId = keyof typeof MATRIX_TESTS;

export interface Row {
  /** What the caller asks, in the document's words. */
  label: string;
  table: TableId;
  operation: OperationId;
  /** The part of the request that names the resource. */
  names: string;
  rule: string;
  test: MatrixTestId;
  /** Columns where the row has no cell, and why. */
  without: Partial<Record<ColumnId, string>>;
}

const TOO_DEEP = 'no cell: the document allows no customer below this depth (CUST-DEPTH-MAX-2 checks the refusal)';

const row = (
  label: string,
  table: TableId,
  operation: OperationId,
  names: string,
  rule: string,
  test: MatrixTestId,
  without: Row['without'] = {}
): Row => ({ label, table, operation, names, rule, test, without });

export const ROWS = {
  getCustomer: row(
    'get a customer',
    'customers',
    'getCustomer',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerReads'
  ),
  cardTypes: row(
    'card types of a customer',
    'customers',
    'getCustomerCardTypes',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerReads'
  ),
  listCustomers: row(
    'list customers under it',
    'customers',
    'listCustomers',
    'query customerAccountNumber',
    'AUTH-FOREIGN-NOT-LISTED',
    'listings'
  ),
  searchCustomerCards: row(
    'search its cards',
    'customers',
    'cardSearch',
    'body customerAccountNumber',
    'AUTH-FOREIGN-NOT-LISTED',
    'listings'
  ),
  createUnder: row(
    'create a sub-customer under it',
    'customers',
    'createSubCustomer',
    'body customerAccountNumber (the parent)',
    'CUST-FOREIGN-403',
    'customerWrites',
    { ownSubSub: TOO_DEEP, foreignSubSub: TOO_DEEP }
  ),
  updateDetail: row(
    'update customer details',
    'customers',
    'updateCustomerDetail',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerWrites'
  ),
  blockCustomer: row(
    'block',
    'customers',
    'blockCustomer',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerWrites'
  ),
  unblockCustomer: row(
    'unblock',
    'customers',
    'unblockCustomer',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerWrites'
  ),
  orderCards: row(
    'order cards for it',
    'customers',
    'orderCards',
    'body customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerWrites'
  ),
  closeCustomer: row(
    'close',
    'customers',
    'closeCustomer',
    'path customerAccountNumber',
    'CUST-FOREIGN-403',
    'customerWrites'
  ),
  getCard: row('get a card', 'cards', 'getCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardReads'),
  searchCardNumber: row(
    'search cards by its number',
    'cards',
    'cardSearch',
    'body filter.primaryVisualCardNumber',
    'AUTH-FOREIGN-NOT-LISTED',
    'listings'
  ),
  blockCard: row('block', 'cards', 'blockCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites'),
  unblockCard: row('unblock', 'cards', 'unblockCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites'),
  reprintPIN: row('PIN reprint', 'cards', 'reprintPIN', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites'),
  replaceCard: row('replace', 'cards', 'replaceCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites'),
  cancelCard: row('cancel', 'cards', 'cancelCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites'),
} as const satisfies Record<string, Row>;

export type RowId = keyof typeof ROWS;

export const rowIds = Object.keys(ROWS) as RowId[];

/** The columns where `row` has a cell. */
export const columnsOf = (row: RowId): ColumnId[] => columnIds.filter((c) => !(c in ROWS[row].without));

/** Where a cell is, in words: "block × a card of another client's sub-customer". */
export const cellWhere = (row: RowId, column: ColumnId): string =>
  `${ROWS[row].label} × ${columnWords(ROWS[row].table, column)}`;

export type CellVerdict = 'passed' | 'failed' | 'not-run';

/** One cell as a test filled it. */
export interface CellResult {
  row: RowId;
  column: ColumnId;
  verdict: CellVerdict;
  /** The customer account number or card identifier the request named. */
  resource?: string;
  status?: number;
  /** Why it passed, failed or did not run; for a served write, whether it was undone. */
  note: string;
  /** The exchange, for a failed cell. */
  evidence?: Evidence;
}

/** The attachment a matrix test carries its cells in. */
export const MATRIX_ATTACHMENT = 'fleet-authz-matrix.json';
