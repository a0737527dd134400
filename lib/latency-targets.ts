import type { LatencyKey } from './operations.js';

/** Server-side latency targets for successful (2xx) requests, in milliseconds (Limits section). */
export const latencyTargets: Record<LatencyKey, { p50: number; p99: number }> = {
  'list-customers': { p50: 450, p99: 1200 },
  'get-customer': { p50: 170, p99: 600 },
  'create-subcustomer': { p50: 250, p99: 800 },
  'update-customer': { p50: 1100, p99: 1900 },
  'customer-card-types': { p50: 160, p99: 500 },
  'block-customer': { p50: 1200, p99: 1800 },
  'unblock-customer': { p50: 900, p99: 1800 },
  'close-customer': { p50: 1200, p99: 1800 },
  'order-cards': { p50: 300, p99: 900 },
  'get-card': { p50: 170, p99: 600 },
  'search-cards': { p50: 220, p99: 1900 },
  'block-card': { p50: 500, p99: 2000 },
  'unblock-card': { p50: 900, p99: 2100 },
  'cancel-card': { p50: 900, p99: 2500 },
  'replace-card': { p50: 1200, p99: 2200 },
  'reprint-pin': { p50: 1000, p99: 1500 },
  'master-data': { p50: 950, p99: 1300 },
};

export const latencyKeys = Object.keys(latencyTargets) as LatencyKey[];
