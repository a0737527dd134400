/**
 * GET /master/all: the ten master-data arrays of the caller's top-level customer (the document:
 * "The data depends on the top-level customer of the caller").
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxPluginOptions } from '../context.js';
import { callerOf, routeOf } from '../route-kit.js';
import type { MasterData } from '../store.js';
import type { Variants } from '../variants.js';
import { cardStatusOut } from './cards.js';

/** The master data as answered: a copy, with the card statuses as the variants show them. */
export function masterDataView(data: MasterData, variants: Variants): Partial<MasterData> {
  const view: Partial<MasterData> = structuredClone(data);
  view.status = view.status!.map((s) => {
    const [id, name] = cardStatusOut(s.id, variants);
    return { ...s, id, name };
  });
  return view;
}

export default async function masterDataRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { store, faults, variants } = opts;
  // Built once per hierarchy: master data does not change during the sandbox's lifetime.
  const answers = new Map(
    [...store.master].map(([topLevel, index]) => [topLevel, masterDataView(index.data, variants)])
  );
  let firstAnswer: Partial<MasterData> | undefined;

  app.route({
    ...routeOf('getMasterData'),
    handler: async (request) => {
      const answer = answers.get(callerOf(request).topLevel) ?? {};
      if (!faults.has('master-data-cached-first-caller')) return answer;
      firstAnswer ??= answer;
      return firstAnswer;
    },
  });
}
