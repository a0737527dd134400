/**
 * The authorization matrix: every operation of the document that names a customer or a card
 * (rows), tried on the caller's own resource (the positive control: the same request is served)
 * and on each kind of resource of another client's hierarchy (columns). Each cell is a check of one
 * rule; the tests of specs/auth/auth-matrix.spec.ts fill them, and the coverage page shows the
 * table (lib/report/authz-matrix.ts). This module is the layout both share.
 */
import type { Evidence } from '../ledger.js';
import type { OperationId } from '../operations.js';

export const COLUMNS = {
  own: 'the caller\'s own',
  foreignTop: 'a foreign top-level account',
  foreignSub: 'a foreign sub-customer',
  foreignCard: 'a foreign card',
} as const;

export type ColumnId = keyof typeof COLUMNS;

const CUSTOMER_COLUMNS: readonly ColumnId[] = ['own', 'foreignTop', 'foreignSub'];
const CARD_COLUMNS: readonly ColumnId[] = ['own', 'foreignCard'];

/** The matrix's tests: few, each of one rule (and the document's own statement it derives from). */
export const MATRIX_TESTS = {
  customerReads: 'a customer outside the caller\'s hierarchy cannot be read: get and card types answer 403 [CUST-FOREIGN-403, AUTH-FORBIDDEN-403]',
  listings: 'a customer list or card search filtered by a customer outside the caller\'s hierarchy answers 403 or none of its customers and cards, and a card search by a foreign card\'s number does not show that card [AUTH-FOREIGN-NOT-LISTED]',
  cardReads: 'a card of another client\'s hierarchy cannot be read: 403 [CARD-FOREIGN-403, AUTH-FORBIDDEN-403]',
  customerWrites: 'a customer outside the caller\'s hierarchy cannot be changed: creating under it, updateDetail, block, unblock, ordering cards for it and close answer 403 [CUST-FOREIGN-403, AUTH-FORBIDDEN-403] @write',
  cardWrites: 'a card of another client\'s hierarchy cannot be changed: block, unblock, PIN reprint, replace and cancel answer 403 [CARD-FOREIGN-403, AUTH-FORBIDDEN-403] @write',
} as const;

export type MatrixTestId = keyof typeof MATRIX_TESTS;

export interface Row {
  /** What the caller asks, in the document's words. */
  label: string;
  operation: OperationId;
  /** The part of the request that names the resource. */
  names: string;
  rule: string;
  test: MatrixTestId;
  columns: readonly ColumnId[];
}

const row = (label: string, operation: OperationId, names: string, rule: string, test: MatrixTestId, columns = CUSTOMER_COLUMNS): Row =>
  ({ label, operation, names, rule, test, columns });

export const ROWS = {
  getCustomer: row('get a customer', 'getCustomer', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerReads'),
  cardTypes: row('card types of a customer', 'getCustomerCardTypes', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerReads'),
  listCustomers: row('list customers under it', 'listCustomers', 'query customerAccountNumber', 'AUTH-FOREIGN-NOT-LISTED', 'listings'),
  searchCustomerCards: row('search its cards', 'cardSearch', 'body customerAccountNumber', 'AUTH-FOREIGN-NOT-LISTED', 'listings'),
  createUnder: row('create a sub-customer under it', 'createSubCustomer', 'body customerAccountNumber (the parent)', 'CUST-FOREIGN-403', 'customerWrites'),
  updateDetail: row('update customer details', 'updateCustomerDetail', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerWrites'),
  blockCustomer: row('block', 'blockCustomer', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerWrites'),
  unblockCustomer: row('unblock', 'unblockCustomer', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerWrites'),
  orderCards: row('order cards for it', 'orderCards', 'body customerAccountNumber', 'CUST-FOREIGN-403', 'customerWrites'),
  closeCustomer: row('close', 'closeCustomer', 'path customerAccountNumber', 'CUST-FOREIGN-403', 'customerWrites'),
  getCard: row('get a card', 'getCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardReads', CARD_COLUMNS),
  searchCardNumber: row('search cards by its number', 'cardSearch', 'body filter.primaryVisualCardNumber', 'AUTH-FOREIGN-NOT-LISTED', 'listings', CARD_COLUMNS),
  blockCard: row('block', 'blockCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites', CARD_COLUMNS),
  unblockCard: row('unblock', 'unblockCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites', CARD_COLUMNS),
  reprintPIN: row('PIN reprint', 'reprintPIN', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites', CARD_COLUMNS),
  replaceCard: row('replace', 'replaceCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites', CARD_COLUMNS),
  cancelCard: row('cancel', 'cancelCard', 'path cardIdentifier', 'CARD-FOREIGN-403', 'cardWrites', CARD_COLUMNS),
} as const satisfies Record<string, Row>;

export type RowId = keyof typeof ROWS;

export const rowIds = Object.keys(ROWS) as RowId[];

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
