/**
 * Faults of the master data (GET /master/all): its arrays and the links between them.
 */

import { cardStatus } from '../store.js';
import type { FaultDefinition } from './definition.js';
import { type Probe, type Row, searchAll } from './probe.js';
import { body, type Fields, type Items } from './send.js';

function brokenLinks(m: Row): string[] {
  const ids = (key: string) => new Set((m[key] as Row[]).map((r) => r.id));
  const links: [string, string, string][] = [
    ['reason', 'cardTypeId', 'cardType'],
    ['cardGroup', 'cardTypeId', 'cardType'],
    ['cardType', 'defaultPurchaseCategoryId', 'purchaseCategory'],
    ['purchaseCategory', 'productRestrictionId', 'fuelProductRestriction'],
  ];
  return links.flatMap(([from, field, to]) =>
    (m[from] as Row[]).filter((r) => !ids(to).has(r[field])).map(() => `${from}.${field}`)
  );
}
const masterLinks: Probe = { holds: async (h) => brokenLinks((await h.op('getMasterData')).body).length === 0 };
const masterData = (change: (view: Fields) => void) =>
  body(['getMasterData'], (view) => {
    change(view);
    return view;
  });
const dangling = 99;
const first = (view: Fields, array: string) => (view[array] as Items)[0]!;

export const masterDataFaults = {
  // ---- Master data ----
  'master-data-nine-arrays': {
    rule: 'MASTER-TEN-ARRAYS',
    proves: ['master.ten-arrays', 'master.no-parameters', 'scope.master-data#read'],
    description: 'GET /master/all leaves out the region array',
    probe: {
      holds: async (h) => {
        const m = (await h.op('getMasterData')).body;
        return [
          'cardCategory',
          'cardGroup',
          'cardType',
          'country',
          'fuelProductRestriction',
          'product',
          'purchaseCategory',
          'reason',
          'region',
          'status',
        ].every((k) => Array.isArray(m[k]));
      },
    },
    send: masterData((view) => {
      delete view.region;
    }),
  },
  'master-data-isev-string': {
    rule: 'MASTER-SHAPE',
    proves: ['field:Master data / cardType.isEV'],
    description: 'isEV of the master data card types is sent as a string ("true"/"false")',
    probe: {
      holds: async (h) => (await h.op('getMasterData')).body.cardType.every((t: Row) => typeof t.isEV === 'boolean'),
    },
    send: masterData((view) => {
      for (const type of view.cardType as Items) type.isEV = String(type.isEV);
    }),
  },
  'master-data-region-renamed': {
    rule: 'MASTER-SHAPE',
    proves: ['field:Master data.region'],
    description:
      'the region elements of the master data answer other field names ({regionId, regionName} instead of {id, name})',
    probe: {
      holds: async (h) =>
        (await h.op('getMasterData')).body.region.every(
          (r: Row) => typeof r.id === 'number' && typeof r.name === 'string'
        ),
    },
    send: masterData((view) => {
      view.region = (view.region as Items).map(({ id, name }) => ({ regionId: id, regionName: name }));
    }),
  },
  'master-data-reason-dangling': {
    rule: 'MASTER-LINK-REASON-CARDTYPE',
    proves: ['field:Master data / reason.cardTypeId'],
    description: 'one reason points at cardTypeId 99, which no cardType has',
    probe: masterLinks,
    send: masterData((view) => {
      first(view, 'reason').cardTypeId = dangling;
    }),
  },
  'master-data-group-dangling': {
    rule: 'MASTER-LINK-GROUP-CARDTYPE',
    proves: ['field:Master data / cardGroup.cardTypeId'],
    description: 'one cardGroup points at cardTypeId 99, which no cardType has',
    probe: masterLinks,
    send: masterData((view) => {
      first(view, 'cardGroup').cardTypeId = dangling;
    }),
  },
  'master-data-card-type-dangling': {
    rule: 'MASTER-LINK-CARDTYPE-PURCHASECATEGORY',
    proves: ['field:Master data / cardType.defaultPurchaseCategoryId'],
    description: 'one cardType has defaultPurchaseCategoryId 99, which no purchaseCategory has',
    probe: masterLinks,
    send: masterData((view) => {
      first(view, 'cardType').defaultPurchaseCategoryId = dangling;
    }),
  },
  'master-data-purchase-category-dangling': {
    rule: 'MASTER-LINK-PURCHASECATEGORY-RESTRICTION',
    proves: ['field:Master data / purchaseCategory.productRestrictionId'],
    description: 'one purchaseCategory has productRestrictionId 99, which no fuelProductRestriction has',
    probe: masterLinks,
    send: masterData((view) => {
      first(view, 'purchaseCategory').productRestrictionId = dangling;
    }),
  },
  'master-data-status-missing': {
    rule: 'MASTER-IDS-ON-CARDS',
    proves: ['master.search-ids#statuses'],
    description: 'the status array leaves out Blocked (id 2), which cards carry',
    probe: {
      holds: async (h) => {
        const ids = new Set((await h.op('getMasterData')).body.status.map((s: Row) => s.id));
        return (await searchAll(h, { limit: 200 })).cards.every((c) => ids.has(c.status.id));
      },
    },
    send: masterData((view) => {
      view.status = (view.status as Items).filter((s) => s.id !== cardStatus.blocked);
    }),
  },
} as const satisfies Record<string, FaultDefinition>;
