/**
 * Latency targets: caught by the perf gate (npm run perf), by time, not by a conformance test; so
 * these faults have no probe (proof/tests/sandbox/faults.test.ts checks them as a table).
 */
import type { FaultRow } from './definition.js';

export const latencyFaults = {
  // ---- Latency targets: caught by the perf gate (npm run perf), not by a conformance test ----
  'latency-list-customers-slow': {
    rule: 'LAT-LIST-CUSTOMERS',
    proves: ['latency.list-customers', 'limits.latency'],
    description: 'GET /customers answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-get-customer-slow': {
    rule: 'LAT-GET-CUSTOMER',
    proves: ['latency.get-customer'],
    description:
      'GET /customers/{customerAccountNumber} answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-create-subcustomer-slow': {
    rule: 'LAT-CREATE-SUBCUSTOMER',
    proves: ['latency.create-sub-customer'],
    description:
      'POST /customers/subcustomer answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-update-customer-slow': {
    rule: 'LAT-UPDATE-CUSTOMER',
    proves: ['latency.update-customer-details'],
    description:
      'POST /customers/{customerAccountNumber}/updateDetail answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-customer-card-types-slow': {
    rule: 'LAT-CUSTOMER-CARD-TYPES',
    proves: ['latency.customer-card-types'],
    description:
      'GET /customers/{customerAccountNumber}/cardTypes answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-block-customer-slow': {
    rule: 'LAT-BLOCK-CUSTOMER',
    proves: ['latency.customer-block'],
    description: 'customer block answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-unblock-customer-slow': {
    rule: 'LAT-UNBLOCK-CUSTOMER',
    proves: ['latency.customer-unblock'],
    description: 'customer unblock answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-close-customer-slow': {
    rule: 'LAT-CLOSE-CUSTOMER',
    proves: ['latency.customer-close'],
    description: 'customer close answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-order-cards-slow': {
    rule: 'LAT-ORDER-CARDS',
    proves: ['latency.order-cards'],
    description: 'POST /cards/order answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-get-card-slow': {
    rule: 'LAT-GET-CARD',
    proves: ['latency.get-card'],
    description:
      'GET /cards/{cardIdentifier} answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-search-cards-slow': {
    rule: 'LAT-SEARCH-CARDS',
    proves: ['latency.search-cards'],
    description: 'POST /cards/search answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-block-card-slow': {
    rule: 'LAT-BLOCK-CARD',
    proves: ['latency.card-block'],
    description: 'card block answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-unblock-card-slow': {
    rule: 'LAT-UNBLOCK-CARD',
    proves: ['latency.card-unblock'],
    description: 'card unblock answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-cancel-card-slow': {
    rule: 'LAT-CANCEL-CARD',
    proves: ['latency.card-cancel'],
    description: 'card cancel answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-replace-card-slow': {
    rule: 'LAT-REPLACE-CARD',
    proves: ['latency.card-replace'],
    description: 'card replace answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-reprint-pin-slow': {
    rule: 'LAT-REPRINT-PIN',
    proves: ['latency.pin-reprint'],
    description: 'PIN reprint answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-master-data-slow': {
    rule: 'LAT-MASTER-DATA',
    proves: ['latency.master-data'],
    description: 'GET /master/all answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
} as const satisfies Record<string, FaultRow>;
