/**
 * The read-only operations: one small table, since they share one shape (a GET or a search whose
 * answer changes nothing). These are the only scenarios allowed against production.
 */
import type { LatencyKey } from '../../lib/operations.js';
import { fillPath, operations } from '../../lib/operations.js';
import type { PhaseContext, Scenario, SlotRequest } from './scenario.js';

interface ReadRow {
  op: LatencyKey;
  /** What the n-th request reads; `ids` are the pool's Active card identifiers. */
  build: (ctx: { pool: string; ids: number[] }, n: number) => SlotRequest;
  needsCards?: boolean;
}

const get = (path: string): SlotRequest => ({ method: 'GET', path });

const rows: ReadRow[] = [
  { op: 'list-customers', build: () => get(`${operations.listCustomers.path}?limit=50`) },
  {
    op: 'get-customer',
    build: ({ pool }) => get(fillPath(operations.getCustomer.path, { customerAccountNumber: pool })),
  },
  {
    op: 'customer-card-types',
    build: ({ pool }) => get(fillPath(operations.getCustomerCardTypes.path, { customerAccountNumber: pool })),
  },
  {
    op: 'get-card',
    needsCards: true,
    build: ({ ids }, n) => get(fillPath(operations.getCard.path, { cardIdentifier: ids[n % ids.length]! })),
  },
  {
    op: 'search-cards',
    build: ({ pool }) => ({
      method: 'POST',
      path: operations.cardSearch.path,
      body: { customerAccountNumber: pool, limit: 20 },
    }),
  },
  { op: 'master-data', build: () => get(operations.getMasterData.path) },
];

/** Fresh read scenarios, keyed by operation. */
export const createReadScenarios = (): Scenario[] =>
  rows.map((row) => {
    const state = { pool: '', ids: [] as number[] };
    return {
      name: `reads.perf.ts#${row.op}`,
      operations: [row.op],
      async prepare(ctx: PhaseContext) {
        state.pool = ctx.resources.poolCustomer;
        if (row.needsCards) state.ids = (await ctx.resources.poolCards()).map((c) => c.cardIdentifier!);
      },
      request: (_op, n) => row.build(state, n),
    };
  });
