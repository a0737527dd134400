/** replace-card: replaces cards this run may consume, one per slot (see consume.ts). */
import { consumingScenario } from './consume.js';
import type { Scenario } from './scenario.js';

export const createReplaceCardScenario = (): Scenario =>
  consumingScenario('replace-card.perf.ts', 'replace-card', 'replaceCard', async (ctx, n) => ({
    driverName: `Perf Replacement ${n}`,
    additionalEmbossing: ctx.resources.runTag.toUpperCase().slice(0, 20),
  }));
