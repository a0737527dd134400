/**
 * block-card + unblock-card: alternate on the pool customer's Active cards (see toggle.ts). Only
 * as many cards as the rate needs are touched (rate × both p99 targets, doubled), so a shared
 * pool is not blocked wholesale while the phase runs.
 */
import { latencyTargets } from '../../lib/latency-targets.js';
import { toggleScenario } from './toggle.js';

export const createCardStatusScenario = () =>
  toggleScenario<number>({
    name: 'card-status.perf.ts',
    block: { op: 'block-card', id: 'blockCard' },
    unblock: { op: 'unblock-card', id: 'unblockCard' },
    param: 'cardIdentifier',
    resources: async (ctx) => {
      const p99s = (latencyTargets['block-card'].p99 + latencyTargets['unblock-card'].p99) / 1000;
      const wanted = Math.ceil(2 * ctx.rate * p99s) + 4;
      return (await ctx.resources.poolCards()).slice(0, wanted).map((c) => c.cardIdentifier!);
    },
    body: async (ctx, id) => {
      const card = (await ctx.resources.poolCards()).find((c) => c.cardIdentifier === id);
      return { statusReasonId: await ctx.resources.reasonId(card), notes: `${ctx.resources.runTag} latency check` };
    },
    registry: (ctx) => ctx.resources.blockedCards,
  });
