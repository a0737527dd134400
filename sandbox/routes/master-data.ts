/**
 * GET /master/all: the ten master-data arrays of the caller's top-level customer (the document:
 * "The data depends on the top-level customer of the caller").
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxPluginOptions } from '../context.js';
import type { Faults } from '../faults.js';
import { callerOf, routeOf } from '../route-kit.js';
import { cardStatus, type MasterData } from '../store.js';
import type { Variants } from '../variants.js';
import { cardStatusOut } from './cards.js';

/** The master data as answered, with the master-data faults applied to a copy. */
export function masterDataView(data: MasterData, faults: Faults, variants: Variants): Partial<MasterData> {
  const view: Partial<MasterData> = structuredClone(data);
  view.status = view.status!.map((s) => {
    const [id, name] = cardStatusOut(s.id, variants);
    return { ...s, id, name };
  });
  const dangling = 99;
  if (faults.has('master-data-reason-dangling')) view.reason![0]!.cardTypeId = dangling;
  if (faults.has('master-data-group-dangling')) view.cardGroup![0]!.cardTypeId = dangling;
  if (faults.has('master-data-card-type-dangling')) view.cardType![0]!.defaultPurchaseCategoryId = dangling;
  if (faults.has('master-data-purchase-category-dangling')) view.purchaseCategory![0]!.productRestrictionId = dangling;
  if (faults.has('master-data-status-missing')) view.status = view.status!.filter((s) => s.id !== cardStatus.blocked);
  if (faults.has('master-data-nine-arrays')) delete view.region;
  if (faults.has('master-data-region-renamed'))
    view.region = view.region!.map(({ id, name }) => ({
      regionId: id,
      regionName: name,
    })) as unknown as MasterData['region'];
  if (faults.has('master-data-isev-string'))
    for (const type of view.cardType as unknown as Record<string, unknown>[]) type.isEV = String(type.isEV);
  return view;
}

export default async function masterDataRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { store, faults, variants } = opts;
  // Built once per hierarchy: master data does not change during the sandbox's lifetime.
  const answers = new Map(
    [...store.master].map(([topLevel, index]) => [topLevel, masterDataView(index.data, faults, variants)])
  );
  let firstAnswer: Partial<MasterData> | undefined;

  app.route({
    ...routeOf('getMasterData'),
    handler: async (request, reply) => {
      // "No parameters": the sandbox ignores any; under the fault one is refused, in another body than the standard one.
      if (faults.has('master-data-parameter-message-body') && Object.keys(request.query as object).length) {
        return reply
          .code(400)
          .type('application/json')
          .send(JSON.stringify({ message: 'GET /master/all takes no parameters' }));
      }
      const answer = answers.get(callerOf(request).topLevel) ?? {};
      if (!faults.has('master-data-cached-first-caller')) return answer;
      firstAnswer ??= answer;
      return firstAnswer;
    },
  });
}
