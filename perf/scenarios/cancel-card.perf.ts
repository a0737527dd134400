/** cancel-card: cancels cards this run may consume, one per slot (see consume.ts). */
import { consumingScenario } from './consume.js';
import type { Scenario } from './scenario.js';

export const createCancelCardScenario = (): Scenario =>
  consumingScenario('cancel-card.perf.ts', 'cancel-card', 'cancelCard', async (ctx) => ({
    statusReasonId: await ctx.resources.reasonId(),
    notes: `${ctx.resources.runTag} latency check`,
  }));
