/**
 * A block/unblock pair measured in one phase: block and unblock slots alternate, each operation at
 * the configured rate. A resource is unblocked only after its block succeeded, and blocked only
 * while it is Active, so the two keep each other's state balanced: nothing stays blocked that was
 * Active before (the phase's cleanup and the run's tidy-up unblock whatever an error left behind).
 * Some resources are blocked during preparation (unmeasured) so the first unblock slots have work.
 */
import type { LatencyKey, OperationId } from '../../lib/operations.js';
import { fillPath, operations } from '../../lib/operations.js';
import { inBatches } from '../setup-api.js';
import { isSuccess, type PhaseContext, type Scenario, slotsPerOperation } from './scenario.js';

export interface ToggleOptions<Id extends string | number> {
  name: string;
  block: { op: LatencyKey; id: OperationId };
  unblock: { op: LatencyKey; id: OperationId };
  /** Path parameter name of the resource. */
  param: string;
  /** The resources the phase may toggle (all Active). */
  resources: (ctx: PhaseContext) => Promise<Id[]>;
  /** Request body for a resource. */
  body: (ctx: PhaseContext, id: Id) => Promise<object>;
  /** Registry of resources blocked by this run (shared with the run's tidy-up). */
  registry: (ctx: PhaseContext) => Set<Id>;
}

export function toggleScenario<Id extends string | number>(options: ToggleOptions<Id>): Scenario {
  let ready: Id[] = [];
  let blocked: Id[] = [];
  const uncertain = new Set<Id>();
  const bodies = new Map<Id, object>();
  const starved = { block: 0, unblock: 0 };
  let registry = new Set<Id>();
  const blockPath = operations[options.block.id].path;
  const unblockPath = operations[options.unblock.id].path;

  return {
    name: options.name,
    operations: [options.block.op, options.unblock.op],
    async prepare(ctx) {
      registry = options.registry(ctx);
      const ids = await options.resources(ctx);
      for (const id of ids) bodies.set(id, await options.body(ctx, id));
      // Enough blocked ones to feed the unblock slots while the first blocks are in flight.
      const preBlock = Math.min(Math.floor(ids.length / 2), slotsPerOperation(ctx));
      ready = ids.slice(preBlock);
      const toBlock = ids.slice(0, preBlock);
      ctx.log(`  setup: ${ids.length} resources to toggle, blocking ${preBlock} first`);
      await inBatches(toBlock, ctx.setupConcurrency, async (id) => {
        registry.add(id);
        const r = await ctx.api.call(options.block.id, { params: { [options.param]: id }, body: bodies.get(id) });
        if (r.status >= 200 && r.status < 300) blocked.push(id);
        else uncertain.add(id);
      });
    },
    request(op, n) {
      void n;
      if (op === options.block.op) {
        const id = ready.shift();
        if (id === undefined) {
          starved.block += 1;
          return undefined;
        }
        registry.add(id);
        return {
          method: 'POST',
          path: fillPath(blockPath, { [options.param]: id }),
          body: bodies.get(id),
          onDone: (outcome) => (isSuccess(outcome) ? blocked.push(id) : uncertain.add(id)),
        };
      }
      const id = blocked.shift();
      if (id === undefined) {
        starved.unblock += 1;
        return undefined;
      }
      return {
        method: 'POST',
        path: fillPath(unblockPath, { [options.param]: id }),
        body: bodies.get(id),
        onDone: (outcome) => {
          if (isSuccess(outcome)) {
            registry.delete(id);
            ready.push(id);
          } else {
            uncertain.add(id);
          }
        },
      };
    },
    async cleanup(ctx) {
      const left = [...blocked, ...uncertain];
      blocked = [];
      uncertain.clear();
      await inBatches(left, ctx.setupConcurrency, async (id) => {
        const r = await ctx.api.call(options.unblock.id, { params: { [options.param]: id }, body: bodies.get(id) });
        if (r.status >= 200 && r.status < 300) registry.delete(id);
      });
      ready = [];
    },
    notes(op) {
      const n = op === options.block.op ? starved.block : starved.unblock;
      return n
        ? [
            `${n} slots not sent: no ${op === options.block.op ? 'Active' : 'blocked'} resource was free (pool too small for rate × latency)`,
          ]
        : [];
    },
  };
}
