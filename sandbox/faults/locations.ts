/**
 * Faults of the geosearch (sandbox/routes/locations.ts), and the probes' ways to ask it.
 */
import { inside, MAX_LOCATIONS, type Rect } from '../geo.js';
import { buildLocationSeed, type Location, type LocationRecord } from '../seed/locations.js';
import type { FaultDefinition } from './definition.js';
import { type Answer, isUtc, type ProbeTarget, registry } from './probe.js';
import { body, type Fields, type Items, withOffset } from './send.js';

export const PATH = '/locations/geosearch/rectangle';

export const berlin: Rect = { top: 52.75, bottom: 52.3, left: 13.05, right: 13.75 };
export const paris: Rect = { top: 49.05, bottom: 48.65, left: 2.0, right: 2.7 };
/** Around Reykjavík: fewer than 300 locations. */
export const reykjavik: Rect = { top: 64.6, bottom: 63.7, left: -23.5, right: -20.5 };

export function query(
  rect: Rect,
  extra: Record<string, string | number | boolean> = {}
): Record<string, string | number | boolean> {
  return {
    topLatitude: rect.top,
    bottomLatitude: rect.bottom,
    leftLongitude: rect.left,
    rightLongitude: rect.right,
    ...extra,
  };
}

export async function geo(
  app: ProbeTarget,
  rect: Rect,
  extra: Record<string, string | number | boolean> = {},
  body?: unknown
): Promise<Answer> {
  return app.call('POST', PATH, { query: query(rect, extra), body: body ?? {} });
}

export async function locationsIn(
  app: ProbeTarget,
  rect: Rect,
  extra: Record<string, string | number | boolean> = {},
  body?: unknown
): Promise<Location[]> {
  const res = await geo(app, rect, extra, body);
  if (res.status !== 200) throw new Error(`geosearch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.locations as Location[];
}

export const point = (l: { coordinates: { latitude: string; longitude: string } }) => ({
  lat: Number(l.coordinates.latitude),
  lon: Number(l.coordinates.longitude),
});
export const hasStandard = (l: Location, standards: string[]) =>
  l.evses.some((e) => e.connectors.some((c) => standards.includes(c.standard)));
export const hasCapabilities = (l: Location, caps: string[]) =>
  l.evses.some((e) => caps.every((c) => (e.capabilities as string[]).includes(c)));
export const hasAvailable = (l: Location) => l.evses.some((e) => e.status === 'AVAILABLE');

export type Aggregate = { coordinates: { latitude: string; longitude: string }; count: number };

/** The location seed, built on first use. */
let records: LocationRecord[] | undefined;
/** Whether a small rectangle around a seeded location of `where`, its edges off whole degrees, finds that location. */
async function findsAround(a: ProbeTarget, where: (r: LocationRecord) => boolean): Promise<boolean> {
  records ??= buildLocationSeed();
  const r = records.find(
    (x) =>
      where(x) &&
      Math.abs(x.lat % 1) > 0.1 &&
      Math.abs(x.lat % 1) < 0.9 &&
      Math.abs(x.lon % 1) > 0.1 &&
      Math.abs(x.lon % 1) < 0.9
  )!;
  const box: Rect = { top: r.lat + 0.02, bottom: r.lat - 0.02, left: r.lon - 0.02, right: r.lon + 0.02 };
  return (await locationsIn(a, box, { count: 300 })).some((l) => l.id === r.location.id);
}

/** A fault of each location of a geosearch's answer. */
const eachLocation = (change: (location: Fields) => Fields) =>
  body(['geosearchRectangle'], (page) => ({ ...page, locations: (page.locations as Items).map(change) }));

export const locationsFaults = {
  // ---- Locations (sandbox/routes/locations.ts) ----
  'geo-location-outside-rectangle': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.rectangle#inside', 'scope.locations'],
    description:
      'geosearch answers, in place of its last location, the nearest matching location outside the rectangle',
    probe: { holds: async (a) => (await locationsIn(a, berlin, { count: 20 })).every((l) => inside(berlin, point(l))) },
  },
  'geo-count-exceeded': {
    rule: 'GEO-COUNT-HONOURED',
    proves: ['geo.count#count'],
    description: 'geosearch returns count + 1 locations when more match (count below 300)',
    probe: { holds: async (a) => (await locationsIn(a, berlin, { count: 20 })).length <= 20 },
  },
  'geo-max-300-exceeded': {
    rule: 'GEO-MAX-300',
    proves: ['geo.max-300', 'limits.geosearch-result-count'],
    description: 'geosearch without count returns 301 locations when more match',
    probe: { holds: async (a) => (await geo(a, berlin)).body.locations.length <= 300 },
  },
  'geo-count-301-accepted': {
    rule: 'GEO-COUNT-MAX-300',
    proves: ['geo.count#maximum', 'limits.geosearch-result-count'],
    suite: { FLEET_STRICT: 'ASSUME-OVER-MAXIMUM' },
    description:
      'geosearch accepts a count above 300, still returning at most 300 (the capped reading: caught under the strict reading of ASSUME-OVER-MAXIMUM)',
    probe: { holds: async (a) => (await geo(a, berlin, { count: 301 })).status === 400 },
  },
  'geo-count-over-300-honoured': {
    rule: 'GEO-COUNT-MAX-300',
    companions: ['GEO-MAX-300'],
    proves: ['geo.count#maximum', 'limits.geosearch-result-count'],
    description: 'geosearch honours a count above 300: count 301 answers 301 locations where more match',
    probe: {
      holds: async (a) => {
        const res = await geo(a, berlin, { count: 301 });
        return res.status !== 200 || res.body.locations.length <= MAX_LOCATIONS;
      },
    },
  },
  'geo-aggregate-count-mismatch': {
    rule: 'GEO-AGGREGATE-COUNTS',
    proves: ['geo.aggregation#counts'],
    suite: { FLEET_STRICT: 'ASSUME-GEO-AGGREGATION' },
    description:
      'the first aggregate counts one location more than it stands for (as a whole grid cell may count locations outside the rectangle: caught under the strict reading of ASSUME-GEO-AGGREGATION)',
    probe: {
      holds: async (a) => {
        const res = await geo(a, reykjavik, { aggregate: true });
        return (
          res.body.aggregates.reduce((s: number, x: Aggregate) => s + x.count, 0) ===
          (await locationsIn(a, reykjavik)).length
        );
      },
    },
    send: body(['geosearchRectangle'], (page) => {
      const aggregate = (page.aggregates as Items)[0];
      if (aggregate) aggregate.count = (aggregate.count as number) + 1;
      return page;
    }),
  },
  'geo-aggregate-count-short': {
    rule: 'GEO-AGGREGATE-COUNTS',
    proves: ['geo.aggregation#counts'],
    description:
      'the first aggregate counts one location fewer than it stands for: the counts add up to less than the locations found',
    probe: {
      holds: async (a) => {
        const res = await geo(a, reykjavik, { aggregate: true });
        return (
          res.body.aggregates.reduce((s: number, x: Aggregate) => s + x.count, 0) >=
          (await locationsIn(a, reykjavik)).length
        );
      },
    },
    send: body(['geosearchRectangle'], (page) => {
      const aggregate = (page.aggregates as Items)[0];
      if (aggregate) aggregate.count = (aggregate.count as number) - 1;
      return page;
    }),
  },
  'geo-aggregate-with-locations': {
    rule: 'GEO-AGGREGATE-ON',
    proves: ['geo.aggregation#aggregated', 'location.aggregate#instead'],
    description: 'with aggregation on, geosearch also returns individual locations',
    probe: { holds: async (a) => (await geo(a, reykjavik, { aggregate: true })).body.locations.length === 0 },
  },
  'geo-connector-filter-ignored': {
    rule: 'GEO-FILTER-CONNECTOR',
    proves: ['geo.body#connector'],
    description: 'geosearch ignores filters.connectorStandards',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, berlin, { count: 100 }, { filters: { connectorStandards: ['CHADEMO'] } })).every((l) =>
          hasStandard(l, ['CHADEMO'])
        ),
    },
  },
  'geo-capabilities-filter-ignored': {
    rule: 'GEO-FILTER-CAPABILITY',
    proves: ['geo.body#capabilities', 'location.capabilities'],
    description: 'geosearch ignores filters.capabilities',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, berlin, { count: 100 }, { filters: { capabilities: ['RESERVABLE'] } })).every((l) =>
          hasCapabilities(l, ['RESERVABLE'])
        ),
    },
  },
  'geo-available-filter-ignored': {
    rule: 'GEO-AVAILABLE-ONLY',
    proves: ['geo.body#available'],
    description: 'geosearch ignores options.includeAvailableOnly',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, berlin, { count: 100 }, { options: { includeAvailableOnly: true } })).every(hasAvailable),
    },
  },
  'geo-top-not-above-bottom-accepted': {
    rule: 'GEO-TOP-GT-BOTTOM',
    proves: ['geo.top#above'],
    description: 'geosearch accepts topLatitude <= bottomLatitude (searching the swapped rectangle)',
    probe: { holds: async (a) => (await geo(a, { ...paris, top: paris.bottom, bottom: paris.top })).status === 400 },
  },
  'geo-left-not-below-right-accepted': {
    rule: 'GEO-LEFT-LT-RIGHT',
    proves: ['geo.left#below'],
    description: 'geosearch accepts leftLongitude >= rightLongitude (searching the swapped rectangle)',
    probe: { holds: async (a) => (await geo(a, { ...paris, left: paris.right, right: paris.left })).status === 400 },
  },
  'geo-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['limits.geosearch-latitude-longitude#latitude'],
    description: 'geosearch accepts latitudes down to -91 and up to 91',
    probe: { holds: async (a) => (await geo(a, { ...paris, top: 91 })).status === 400 },
  },
  'geo-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['limits.geosearch-latitude-longitude#longitude'],
    description: 'geosearch accepts longitudes down to -181 and up to 181',
    probe: { holds: async (a) => (await geo(a, { ...paris, right: 181 })).status === 400 },
  },
  'geo-precision-10-accepted': {
    rule: 'GEO-PRECISION-2-9',
    proves: ['geo.precision#range', 'limits.geosearch-aggregation-precision'],
    suite: { FLEET_STRICT: 'ASSUME-OVER-MAXIMUM' },
    description:
      'geosearch accepts precision up to 12, geohash cells of that many characters (as a server that caps it at 9 would answer wherever no two locations share a cell of 9: caught under the strict reading of ASSUME-OVER-MAXIMUM)',
    probe: { holds: async (a) => (await geo(a, paris, { aggregate: true, precision: 10 })).status === 400 },
  },
  'geo-precision-2-refused': {
    rule: 'GEO-PRECISION-2-9',
    proves: ['geo.precision#range', 'limits.geosearch-aggregation-precision'],
    description: 'geosearch refuses precision 2 (400: its grid starts at 3), one of 2 to 9',
    probe: { holds: async (a) => (await geo(a, paris, { aggregate: true, precision: 2 })).status === 200 },
  },
  'geo-precision-inverted': {
    rule: 'GEO-PRECISION-FINER',
    proves: ['geo.precision#finer'],
    description:
      'a larger grid precision gives larger cells: precision p aggregates into geohash cells of 11 - p characters',
    probe: {
      holds: async (a) =>
        (await geo(a, paris, { aggregate: true, precision: 9 })).body.aggregates.length >
        (await geo(a, paris, { aggregate: true, precision: 2 })).body.aggregates.length,
    },
  },
  'geo-language-cy-refused': {
    rule: 'GEO-LANGUAGE-SUPPORTED',
    proves: ['geo.language'],
    description: 'geosearch refuses language cy (400), one of the 17 supported codes',
    probe: { holds: async (a) => (await geo(a, paris, { language: 'cy' })).status === 200 },
  },
  'geo-count-limits-aggregates': {
    rule: 'GEO-COUNT-IGNORED-AGGREGATED',
    proves: ['geo.count#ignored'],
    description: 'with aggregation on, only the count nearest matching locations are aggregated',
    probe: {
      holds: async (a) => {
        const res = await geo(a, reykjavik, { aggregate: true, count: 1 });
        return (
          res.body.aggregates.reduce((s: number, x: Aggregate) => s + x.count, 0) ===
          (await locationsIn(a, reykjavik)).length
        );
      },
    },
  },
  'geo-aggregate-count-string': {
    rule: 'GEO-AGGREGATE-SHAPE',
    proves: ['geo.200#aggregates', 'location.aggregate#fields'],
    description: 'Aggregate count is text instead of an integer',
    probe: {
      holds: async (a) =>
        (await geo(a, reykjavik, { aggregate: true })).body.aggregates.every((x: Aggregate) =>
          Number.isInteger(x.count)
        ),
    },
    send: body(['geosearchRectangle'], (page) => ({
      ...page,
      aggregates: (page.aggregates as Items).map((a) => ({ ...a, count: String(a.count) })),
    })),
  },
  'loc-evse-capabilities-string': {
    rule: 'GEO-EVSE-SHAPE',
    proves: ['location.evse'],
    description: 'Evse capabilities is one comma-separated string instead of an array of strings',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, paris, { count: 100 })).every((l) => l.evses.every((e) => Array.isArray(e.capabilities))),
    },
    send: eachLocation((loc) => ({
      ...loc,
      evses: (loc.evses as Items).map((e) => ({ ...e, capabilities: (e.capabilities as string[]).join(',') })),
    })),
  },
  'loc-regular-hours-no-colon': {
    rule: 'GEO-OPENING-TIMES-SHAPE',
    proves: ['location.opening-times'],
    description: 'regular_hours period_begin and period_end are HHMM instead of HH:MM',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, paris, { count: 100 })).every((l) =>
          l.opening_times.regular_hours.every((h) => /^\d\d:\d\d$/.test(h.period_begin))
        ),
    },
    send: eachLocation((loc) => {
      const openingTimes = loc.opening_times as Fields;
      const regular_hours = (openingTimes.regular_hours as Items).map((h) => ({
        ...h,
        period_begin: (h.period_begin as string).replace(':', ''),
        period_end: (h.period_end as string).replace(':', ''),
      }));
      return { ...loc, opening_times: { ...openingTimes, regular_hours } };
    }),
  },
  // Every sign of every coordinate: west of Greenwich, south of the equator, edges near whole degrees, across 0.
  'geo-negative-longitude-truncated': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.left#edge', 'geo.right', 'geo.rectangle#complete'],
    description:
      'geosearch cuts the negative longitudes of the rectangle to whole degrees toward zero (-6.27 is read as -6): a rectangle west of Greenwich searches another one',
    probe: { holds: (a) => findsAround(a, (r) => r.lon < 0) },
  },
  'geo-southern-latitude-abs': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.bottom'],
    description:
      'geosearch drops the sign of southern latitudes: a rectangle south of the equator searches its mirror image north of it',
    probe: { holds: (a) => findsAround(a, (r) => r.lat < 0) },
  },
  'geo-south-latitude-rounded': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.bottom', 'geo.rectangle#complete'],
    description:
      'geosearch rounds the southern latitudes of the rectangle to whole degrees (-23.57 is read as -24): a small rectangle south of the equator searches a line',
    probe: { holds: (a) => findsAround(a, (r) => r.lat < 0) },
  },
  'geo-bounds-int-truncated': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.left#edge', 'geo.rectangle#inside'],
    description:
      'geosearch cuts every edge of the rectangle to a whole degree toward zero: 52.9999 to 53.0001 searches 52 to 53',
    probe: {
      holds: async (a) => {
        const nearWholeDegree: Rect = { top: 53.0001, bottom: 52.9999, left: 13, right: 14 };
        return (await locationsIn(a, nearWholeDegree, { count: 10 })).every((l) => inside(nearWholeDegree, point(l)));
      },
    },
  },
  'geo-box-across-zero-empty': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.rectangle#complete', 'scope.locations'],
    description: 'a rectangle that spans longitude 0 or latitude 0 (an edge on either side) finds no location',
    probe: {
      holds: async (a) =>
        (await locationsIn(a, { top: 51.6, bottom: 51.4, left: -0.3, right: 0.1 }, { count: 10 })).length > 0 &&
        (await locationsIn(a, { top: 0.1, bottom: -0.1, left: -51.2, right: -50.9 }, { count: 10 })).length > 0,
    },
  },
  'geo-400-standard-body': {
    rule: 'GEO-ERROR-400-BODY',
    proves: ['geo.400', 'errors.message-body#geosearch'],
    description: 'geosearch 400 answers the standard body {errorCode, errorDescription} instead of {message, details}',
    probe: {
      holds: async (a) => {
        const answers = [
          await geo(a, { ...paris, top: 91 }),
          await geo(a, { ...paris, top: paris.bottom, bottom: paris.top }),
        ];
        return answers.every(
          (r) =>
            r.status === 400 &&
            registry.validate('geosearch-error.json', r.body).length === 0 &&
            Array.isArray(r.body.details)
        );
      },
    },
    send: body(
      ['geosearchRectangle'],
      (error) => ({ errorCode: 'ER-001', errorDescription: error.message ?? 'invalid request parameters' }),
      400
    ),
  },
  'loc-postal-code-string': {
    rule: 'GEO-LOCATION-SHAPE',
    proves: ['geo.200#locations', 'resources.json-types'],
    description: 'Location postal_code is text instead of an integer',
    probe: {
      holds: async (a) => (await locationsIn(a, paris, { count: 100 })).every((l) => Number.isInteger(l.postal_code)),
    },
    send: eachLocation((loc) => ({ ...loc, postal_code: String(loc.postal_code) })),
  },
  'loc-last-updated-not-utc': {
    rule: 'GEO-LOCATION-SHAPE',
    proves: ['field:Location.last_updated'],
    description: 'Location last_updated carries a +02:00 offset instead of UTC',
    probe: { holds: async (a) => (await locationsIn(a, paris, { count: 100 })).every((l) => isUtc(l.last_updated)) },
    send: eachLocation((loc) => ({
      ...loc,
      last_updated: withOffset(loc.last_updated as string, 2),
    })),
  },
} as const satisfies Record<string, FaultDefinition>;
