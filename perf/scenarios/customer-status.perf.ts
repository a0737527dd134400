/**
 * block-customer + unblock-customer: alternate on customers this run created (see toggle.ts);
 * seeded customers are never blocked.
 */
import { latencyTargets } from '../../lib/latency-targets.js';
import { slotsPerOperation } from './scenario.js';
import { toggleScenario } from './toggle.js';

export const createCustomerStatusScenario = () =>
  toggleScenario<string>({
    name: 'customer-status.perf.ts',
    block: { op: 'block-customer', id: 'blockCustomer' },
    unblock: { op: 'unblock-customer', id: 'unblockCustomer' },
    param: 'customerAccountNumber',
    resources: async (ctx) => {
      // Enough for rate × (block + unblock at their p99 targets, doubled), never more than the slots need.
      const p99s = (latencyTargets['block-customer'].p99 + latencyTargets['unblock-customer'].p99) / 1000;
      const wanted = Math.min(2 * slotsPerOperation(ctx), Math.ceil(2 * ctx.rate * p99s) + 10);
      return ctx.resources.customers(wanted);
    },
    body: async (ctx) => ({ notes: `${ctx.resources.runTag} latency check` }),
    registry: (ctx) => ctx.resources.blockedCustomers,
  });
