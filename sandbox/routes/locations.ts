/**
 * Locations: POST /locations/geosearch/rectangle over the seeded locations (sandbox/seed/locations.ts),
 * through a grid index built once when the plugin registers. Errors are thrown as ApiError and
 * shaped by the app's error handler into {message, details}. The choices where the document is
 * silent carry ASSUME-GEO-* ids (sandbox/README.md).
 */
import type { FastifyInstance } from 'fastify';
import { operations } from '../../lib/operations.js';
import type { Aggregate, GeosearchQuery, GeosearchRequest } from '../../lib/types.generated.js';
import { readSchemas } from '../../lib/validation.js';
import type { SandboxPluginOptions } from '../context.js';
import { ApiError, type Problem } from '../errors.js';
import type { Faults } from '../faults.js';
import {
  defaultPrecision,
  GridIndex,
  geohash,
  geohashCellSize,
  inside,
  MAX_LOCATIONS,
  MAX_PRECISION,
  MIN_PRECISION,
  type Rect,
} from '../geo.js';
import {
  buildLocationSeed,
  capabilityValues,
  connectorStandards,
  countryAlpha2,
  directionsFor,
  type Evse,
  type Location,
  type LocationRecord,
  languages,
  openAt,
} from '../seed/locations.js';
import type { Complete } from '../store.js';
import { atOffset, withoutSeconds } from '../timestamps.js';
import type { VariantId, Variants } from '../variants.js';

/** Result count when the count parameter is omitted (ASSUME-GEO-COUNT); the geo-count-default-other variant's. */
export const DEFAULT_COUNT = MAX_LOCATIONS;
const OTHER_DEFAULT_COUNT = 100;

/** What a filter asks of one EVSE, as bit masks over the known standards and capabilities. */
interface Criteria {
  standards: number;
  capabilities: number;
  availableOnly: boolean;
  /** A requested value no EVSE can have (an unknown standard set or capability): nothing matches. */
  impossible: boolean;
  /** The filters combine per location rather than per EVSE (variant geo-filters-per-location). */
  perLocation?: boolean;
}

/** One seeded location in the index, with one packed key per EVSE: standards | capabilities << 8 | available << 16. */
class Indexed {
  readonly lat: number;
  readonly lon: number;
  readonly evseKeys: number[];
  constructor(readonly record: LocationRecord) {
    this.lat = record.lat;
    this.lon = record.lon;
    this.evseKeys = record.location.evses.map(
      (e) => (e.status === 'AVAILABLE' ? AVAILABLE : 0) | standardsMask(e.connectors) | capabilitiesMask(e.capabilities)
    );
  }
}

/** Bit masks of connector and capability lists, memoized per list (the seed shares its lists between EVSEs). */
const masks = new WeakMap<object, number>();

function standardsMask(connectors: readonly { standard: string }[]): number {
  let mask = masks.get(connectors);
  if (mask === undefined) {
    mask = 0;
    for (const c of connectors) mask |= standardBit.get(c.standard) ?? 0;
    masks.set(connectors, mask);
  }
  return mask;
}

function capabilitiesMask(capabilities: readonly string[]): number {
  let mask = masks.get(capabilities);
  if (mask === undefined) {
    mask = 0;
    for (const cap of capabilities) mask |= (capabilityBit.get(cap) ?? 0) << 8;
    masks.set(capabilities, mask);
  }
  return mask;
}

const AVAILABLE = 1 << 16;

const standardBit = new Map<string, number>(connectorStandards.map((s, i) => [s, 1 << i]));
const capabilityBit = new Map<string, number>(capabilityValues.map((c, i) => [c, 1 << i]));

/** Which filter parts to honour: all of them, but for the fault that ignores one. */
export interface FilterSwitches {
  connectorStandards: boolean;
  capabilities: boolean;
  includeAvailableOnly: boolean;
}

/**
 * Filters combine per EVSE (ASSUME-GEO-FILTERS): a location matches when one of its
 * EVSEs has a connector of one of the requested standards, offers every requested capability,
 * and (with includeAvailableOnly) is AVAILABLE. An empty array filters nothing (ASSUME-GEO-FILTERS).
 */
export function criteria(body: GeosearchRequest | undefined, on: FilterSwitches): Criteria {
  const c: Criteria = { standards: 0, capabilities: 0, availableOnly: false, impossible: false };
  const standards = on.connectorStandards ? (body?.filters?.connectorStandards ?? []) : [];
  if (standards.length > 0) {
    for (const s of standards) c.standards |= standardBit.get(s) ?? 0;
    if (c.standards === 0) c.impossible = true;
  }
  for (const cap of on.capabilities ? (body?.filters?.capabilities ?? []) : []) {
    const bit = capabilityBit.get(cap);
    if (bit === undefined) c.impossible = true;
    else c.capabilities |= bit;
  }
  c.availableOnly = on.includeAvailableOnly && body?.options?.includeAvailableOnly === true;
  return c;
}

/** The seeded locations behind a grid index, with the per-EVSE keys the filters test. */
export class LocationSearch {
  private readonly index: GridIndex<Indexed>;
  readonly size: number;

  constructor(records: readonly LocationRecord[]) {
    this.index = new GridIndex(records.map((r) => new Indexed(r)));
    this.size = records.length;
  }

  /** Every location inside `rect` (edges inclusive) that meets `c`. */
  matching(rect: Rect, c: Criteria): LocationRecord[] {
    if (c.impossible) return [];
    const std = c.standards,
      caps = c.capabilities << 8,
      avail = c.availableOnly ? AVAILABLE : 0;
    const unfiltered = std === 0 && caps === 0 && avail === 0;
    const found = this.index.query(
      rect,
      unfiltered
        ? undefined
        : (item) => {
            for (const key of c.perLocation ? [item.evseKeys.reduce((all, k) => all | k, 0)] : item.evseKeys) {
              if ((std === 0 || (key & std) !== 0) && (key & caps) === caps && (key & avail) === avail) return true;
            }
            return false;
          }
    );
    return found.map((item) => item.record);
  }

  /**
   * At most `limit` of the matching locations, nearest first to the rectangle's centre
   * (equirectangular distance; ties by id): the deterministic selection of ASSUME-GEO-COUNT.
   */
  select(rect: Rect, c: Criteria, limit: number, byId = false): LocationRecord[] {
    const found = this.matching(rect, c);
    return (
      byId ? found.sort((a, b) => (a.location.id < b.location.id ? -1 : 1)) : nearestFirst(found, centre(rect))
    ).slice(0, limit);
  }

  /** The matching location nearest to the rectangle but outside it (for the fault that leaks one). */
  nearestOutside(rect: Rect, c: Criteria): LocationRecord | undefined {
    const h = rect.top - rect.bottom,
      w = rect.right - rect.left;
    for (const grow of [0.5, 2, 8, 32]) {
      const wider: Rect = {
        top: Math.min(90, rect.top + h * grow + 0.01),
        bottom: Math.max(-90, rect.bottom - h * grow - 0.01),
        left: Math.max(-180, rect.left - w * grow - 0.01),
        right: Math.min(180, rect.right + w * grow + 0.01),
      };
      const outside = this.matching(wider, c).filter((r) => !inside(rect, r));
      if (outside.length > 0) return nearestFirst(outside, centre(rect))[0];
    }
    return undefined;
  }

  /**
   * Matching locations grouped by the grid's cell at `precision`, sorted by cell: each aggregate's
   * coordinates are the centroid of its locations, and the counts add up to the number of matching
   * locations (so the centroids lie inside the rectangle). With `wholeCells`, each cell holding a
   * matching location of the rectangle counts every matching location of the cell, inside or not
   * (variant geo-aggregates-whole-cells). `limit`: only that many of the nearest are aggregated
   * (fault geo-count-limits-aggregates).
   */
  aggregate(
    rect: Rect,
    c: Criteria,
    precision: number,
    options: { limit?: number; grid?: Grid; wholeCells?: boolean } = {}
  ): Complete<Aggregate>[] {
    const { limit, grid = geohashGrid, wholeCells = false } = options;
    const cellOf = (r: LocationRecord) => grid.cellOf(r.lat, r.lon, precision);
    let records = limit === undefined ? this.matching(rect, c) : this.select(rect, c, limit);
    if (wholeCells) {
      // A cell holding a point of the rectangle lies within one cell's size of it.
      const meeting = new Set(records.map(cellOf));
      const { latDeg, lonDeg } = grid.size(precision);
      const around: Rect = {
        top: Math.min(90, rect.top + latDeg),
        bottom: Math.max(-90, rect.bottom - latDeg),
        left: Math.max(-180, rect.left - lonDeg),
        right: Math.min(180, rect.right + lonDeg),
      };
      records = this.matching(around, c).filter((r) => meeting.has(cellOf(r)));
    }
    const cells = new Map<
      string,
      { n: number; lat: number; lon: number; minLat: number; maxLat: number; minLon: number; maxLon: number }
    >();
    for (const r of records) {
      const key = cellOf(r);
      const cell = cells.get(key);
      if (cell) {
        cell.n++;
        cell.lat += r.lat;
        cell.lon += r.lon;
        cell.minLat = Math.min(cell.minLat, r.lat);
        cell.maxLat = Math.max(cell.maxLat, r.lat);
        cell.minLon = Math.min(cell.minLon, r.lon);
        cell.maxLon = Math.max(cell.maxLon, r.lon);
      } else {
        cells.set(key, { n: 1, lat: r.lat, lon: r.lon, minLat: r.lat, maxLat: r.lat, minLon: r.lon, maxLon: r.lon });
      }
    }
    return [...cells.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, cell]) => ({
        coordinates: {
          latitude: Math.min(cell.maxLat, Math.max(cell.minLat, cell.lat / cell.n)).toFixed(6),
          longitude: Math.min(cell.maxLon, Math.max(cell.minLon, cell.lon / cell.n)).toFixed(6),
        },
        count: cell.n,
      }));
  }
}

/** The cells of an aggregation at each precision: the key of the cell a point falls in, and a cell's size in degrees. */
export interface Grid {
  cellOf(lat: number, lon: number, precision: number): string;
  size(precision: number): { latDeg: number; lonDeg: number };
}

/** Geohash cells of `precision` characters (ASSUME-GEO-AGGREGATION). */
const geohashGrid: Grid = { cellOf: geohash, size: geohashCellSize };

/** A square grid of 45/2^precision degrees (variant geo-aggregation-grid). */
const squareGrid: Grid = {
  cellOf(lat, lon, precision) {
    const size = 45 / 2 ** precision;
    return `${String(Math.floor((lat + 90) / size)).padStart(9, '0')}:${String(Math.floor((lon + 180) / size)).padStart(9, '0')}`;
  },
  size: (precision) => ({ latDeg: 45 / 2 ** precision, lonDeg: 45 / 2 ** precision }),
};

/**
 * The rectangle as a faulty server reads its edges: negative longitudes, southern latitudes or
 * every edge cut, rounded or mirrored (faults geo-negative-longitude-truncated, geo-southern-latitude-abs,
 * geo-south-latitude-rounded, geo-bounds-int-truncated).
 */
function misread(rect: Rect, faults: Faults): Rect {
  let r = rect;
  if (faults.has('geo-negative-longitude-truncated'))
    r = { ...r, left: r.left < 0 ? Math.trunc(r.left) : r.left, right: r.right < 0 ? Math.trunc(r.right) : r.right };
  if (faults.has('geo-southern-latitude-abs'))
    r = {
      ...r,
      top: Math.max(Math.abs(r.top), Math.abs(r.bottom)),
      bottom: Math.min(Math.abs(r.top), Math.abs(r.bottom)),
    };
  if (faults.has('geo-south-latitude-rounded'))
    r = { ...r, top: r.top < 0 ? Math.round(r.top) : r.top, bottom: r.bottom < 0 ? Math.round(r.bottom) : r.bottom };
  if (faults.has('geo-bounds-int-truncated'))
    r = { top: Math.trunc(r.top), bottom: Math.trunc(r.bottom), left: Math.trunc(r.left), right: Math.trunc(r.right) };
  return r;
}

/** Whether a rectangle spans longitude 0 or latitude 0 (fault geo-box-across-zero-empty finds nothing in it). */
const acrossZero = (r: Rect) => (r.left < 0 && r.right > 0) || (r.bottom < 0 && r.top > 0);

/** EVSE statuses in another vocabulary (variant geo-evse-status-other). */
const otherEvseStatus: Record<string, string> = {
  AVAILABLE: 'Available',
  CHARGING: 'Occupied',
  BLOCKED: 'Occupied',
  RESERVED: 'Reserved',
  OUT_OF_ORDER: 'OutOfService',
  INOPERATIVE: 'OutOfService',
  UNKNOWN: 'Unknown',
};

/** The four unnamed parameters under a server's own names, per variant: each name to the sandbox's. */
const ownParamNames: [VariantId, Record<string, string>][] = [
  ['geo-param-names-other', { limit: 'count', cluster: 'aggregate', zoom: 'precision', lang: 'language' }],
  [
    'geo-param-names-found',
    { maxResults: 'count', isAggregated: 'aggregate', gridPrecision: 'precision', lang: 'language' },
  ],
];

/** A timestamp with milliseconds (variant formats-other). */
export const withMilliseconds = (t: string) => t.replace(/(:\d\d)Z$/, '$1.000Z');

/** A location as a server that chose otherwise shows it: EVSE statuses, connector fields, formats. */
function asVariant(loc: Location, variants: Variants): Location {
  let out = loc;
  const evses = (map: (e: Evse) => Evse) => ({ ...out, evses: out.evses.map(map) });
  if (variants.has('geo-evse-status-other'))
    out = evses((e) => ({ ...e, status: otherEvseStatus[e.status] ?? e.status }) as Evse);
  if (variants.has('geo-connector-fields-other')) {
    out = evses(
      (e) =>
        ({
          ...e,
          connectors: e.connectors.map((k) => ({
            connectorId: k.id,
            type: k.standard,
            maxPowerKw: k.max_electric_power / 1000,
          })),
        }) as unknown as Evse
    );
  }
  if (variants.has('formats-other')) {
    out = {
      ...evses((e) => ({ ...e, last_updated: withMilliseconds(e.last_updated) })),
      country: countryAlpha2.get(out.country) ?? out.country,
      last_updated: withMilliseconds(out.last_updated),
    };
  }
  if (variants.has('values-other-appear'))
    out = evses((e) =>
      e.capabilities.length
        ? ({ ...e, capabilities: [...e.capabilities, 'REMOTE_START_STOP_CAPABLE'] } as unknown as Evse)
        : e
    );
  if (variants.has('timestamps-other')) {
    const local = <P extends { period_begin: string; period_end: string }>(p: P): P => ({
      ...p,
      period_begin: atOffset(p.period_begin),
      period_end: atOffset(p.period_end),
    });
    const times = out.opening_times;
    out = {
      ...evses((e) => ({ ...e, last_updated: atOffset(e.last_updated) })),
      last_updated: withoutSeconds(out.last_updated),
      opening_times: {
        ...times,
        exceptional_openings: times.exceptional_openings.map(local),
        exceptional_closings: times.exceptional_closings.map(local),
      },
    };
  }
  return out;
}

function centre(rect: Rect): { lat: number; lon: number; cos: number } {
  const lat = (rect.top + rect.bottom) / 2;
  return { lat, lon: (rect.left + rect.right) / 2, cos: Math.cos((lat * Math.PI) / 180) };
}

function nearestFirst(records: LocationRecord[], c: { lat: number; lon: number; cos: number }): LocationRecord[] {
  const keyed = records.map((r) => ({ r, d: (r.lat - c.lat) ** 2 + ((r.lon - c.lon) * c.cos) ** 2 }));
  keyed.sort(
    (a, b) => a.d - b.d || (a.r.location.id < b.r.location.id ? -1 : a.r.location.id > b.r.location.id ? 1 : 0)
  );
  return keyed.map((k) => k.r);
}

/** A Location as answered: directions in the requested language, openNow at `now`. */
export function renderLocation(r: LocationRecord, language: string | undefined, now: Date): Location {
  const l = r.location;
  return {
    id: l.id,
    name: l.name,
    coordinates: l.coordinates,
    evses: l.evses,
    operator: l.operator,
    operator_display_name: l.operator_display_name,
    opening_times: l.opening_times,
    directions: directionsFor(r, language),
    country: l.country,
    state: l.state,
    city: l.city,
    postal_code: l.postal_code,
    address: l.address,
    openNow: openAt(l.opening_times, now),
    is_green_energy: l.is_green_energy,
    last_updated: l.last_updated,
  };
}

/** The geosearch query schema with the bounds that `faults` (and the language variant) relax, or the project schema by $ref. */
function querySchema(faults: Faults, variants: Variants): Record<string, unknown> {
  // One edge, or both, accept a degree beyond the bound.
  const latitudes = faults.has('geo-latitude-91-accepted')
    ? ['topLatitude', 'bottomLatitude']
    : [
        ...(faults.has('geo-top-latitude-91-accepted') ? ['topLatitude'] : []),
        ...(faults.has('geo-bottom-latitude-91-accepted') ? ['bottomLatitude'] : []),
      ];
  const longitudes = faults.has('geo-longitude-181-accepted')
    ? ['leftLongitude', 'rightLongitude']
    : [
        ...(faults.has('geo-left-longitude-181-accepted') ? ['leftLongitude'] : []),
        ...(faults.has('geo-right-longitude-181-accepted') ? ['rightLongitude'] : []),
      ];
  const relaxLatitude = latitudes.length > 0;
  const relaxLongitude = longitudes.length > 0;
  // A count above 300 accepted: capped (the fault at 1000, the variant at any), or honoured.
  const anyCount = faults.has('geo-count-over-300-honoured') || variants.has('geo-over-maximum-capped');
  const relaxCount = anyCount || faults.has('geo-count-301-accepted');
  const anyPrecision = variants.has('geo-over-maximum-capped');
  const relaxPrecision = anyPrecision || faults.has('geo-precision-10-accepted');
  const anyLanguage = variants.has('geo-language-lenient');
  if (!relaxLatitude && !relaxLongitude && !relaxCount && !relaxPrecision && !anyLanguage)
    return { $ref: 'geosearch-query.json' };
  const schema = structuredClone(readSchemas().get('geosearch-query.json')!) as {
    $id?: string;
    $schema?: string;
    properties: Record<string, Record<string, unknown>>;
  };
  delete schema.$id;
  delete schema.$schema;
  const p = schema.properties;
  for (const name of latitudes) p[name] = { type: 'number', minimum: -91, maximum: 91 };
  for (const name of longitudes) p[name] = { type: 'number', minimum: -181, maximum: 181 };
  if (relaxCount) p.count = anyCount ? { type: 'integer' } : { type: 'integer', maximum: 1000 };
  if (relaxPrecision) p.precision = anyPrecision ? { type: 'integer' } : { type: 'integer', minimum: 2, maximum: 12 };
  if (anyLanguage) p.language = { type: 'string' };
  return schema;
}

function toRoute(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Seed and index, built on the first registration and shared by every app of the process (never mutated). */
let shared: LocationSearch | undefined;
/** The map of geo-map-elsewhere, built on its first registration likewise. */
let elsewhere: LocationSearch | undefined;
/** Degrees south that move Europe (latitudes 34 to 71.5) to Africa, across the equator, under geo-map-elsewhere. */
const ELSEWHERE_SOUTHWARD = 60;

export function seededSearch(variants?: Variants): LocationSearch {
  if (variants?.has('geo-map-elsewhere')) {
    elsewhere ??= new LocationSearch(buildLocationSeed({ southward: ELSEWHERE_SOUTHWARD }));
    return elsewhere;
  }
  shared ??= new LocationSearch(buildLocationSeed());
  return shared;
}

export default async function locationsRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { faults, variants } = opts;
  const search = seededSearch(variants);
  const paramNames = ownParamNames.find(([id]) => variants.has(id))?.[1];
  const switches: FilterSwitches = {
    connectorStandards: !faults.has('geo-connector-filter-ignored'),
    capabilities: !faults.has('geo-capabilities-filter-ignored'),
    includeAvailableOnly: !faults.has('geo-available-filter-ignored'),
  };

  app.post<{ Querystring: GeosearchQuery; Body: GeosearchRequest | undefined }>(
    toRoute(operations.geosearchRectangle.path),
    {
      config: { operationId: 'geosearchRectangle' },
      ...(paramNames
        ? {
            // The server's own names: the sandbox's mean nothing to it.
            preValidation: async (request: { query: unknown }) => {
              const q = request.query as Record<string, unknown>;
              request.query = Object.fromEntries(
                Object.entries(q)
                  .filter(([k]) => !Object.values(paramNames).includes(k))
                  .map(([k, v]) => [paramNames[k] ?? k, v])
              );
            },
          }
        : {}),
      schema: {
        querystring: querySchema(faults, variants),
        body: { $ref: 'geosearch-request.json' },
        response: {
          200: { $ref: 'geosearch-response.json' },
          400: { $ref: 'geosearch-error.json' },
          404: { $ref: 'message-error.json' },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const problems: Problem[] = [];
      // The query schema lets "Infinity" through (coerced to a number that no bound keyword sees): refuse it here.
      for (const name of ['topLatitude', 'bottomLatitude', 'leftLongitude', 'rightLongitude'] as const) {
        if (!Number.isFinite(q[name])) throw ApiError.badRequest(`${name} (${q[name]}) is not a number of degrees`);
      }
      let rect: Rect = { top: q.topLatitude, bottom: q.bottomLatitude, left: q.leftLongitude, right: q.rightLongitude };
      if (rect.top <= rect.bottom) {
        if (faults.has('geo-top-not-above-bottom-accepted')) rect = { ...rect, top: rect.bottom, bottom: rect.top };
        else
          problems.push({
            code: 'ER-001',
            description: `topLatitude (${rect.top}) must be greater than bottomLatitude (${rect.bottom})`,
          });
      }
      if (rect.left >= rect.right) {
        if (faults.has('geo-left-not-below-right-accepted')) rect = { ...rect, left: rect.right, right: rect.left };
        else
          problems.push({
            code: 'ER-001',
            description: `leftLongitude (${rect.left}) must be less than rightLongitude (${rect.right})`,
          });
      }
      // ASSUME-GEO-COUNT: a count below 1 is rejected like one above 300, aggregation or not.
      if (q.count !== undefined && q.count < 1)
        problems.push({ code: 'ER-001', description: `count (${q.count}) must be at least 1` });
      if (faults.has('geo-language-cy-refused') && q.language === 'cy')
        problems.push({ code: 'ER-001', description: 'language cy is not supported' });
      if (faults.has('geo-precision-2-refused') && q.precision === MIN_PRECISION)
        problems.push({ code: 'ER-001', description: 'precision 2 is not supported: the grid starts at 3' });
      if (problems.length > 0) throw new ApiError(400, problems);
      rect = misread(rect, faults);
      // geo-over-maximum-capped: a precision outside 2 to 9 is used as the nearest of the two.
      const asked =
        q.precision !== undefined && variants.has('geo-over-maximum-capped')
          ? Math.min(MAX_PRECISION, Math.max(MIN_PRECISION, q.precision))
          : q.precision;

      const c = { ...criteria(request.body, switches), perLocation: variants.has('geo-filters-per-location') };
      const language =
        q.language !== undefined && !(languages as readonly string[]).includes(q.language) ? 'en' : q.language;
      const answer = (found: { locations: unknown[]; aggregates: unknown[] }) => {
        const empty = !found.locations.length && !found.aggregates.length;
        if ((variants.has('geo-empty-404') || variants.has('geo-map-elsewhere')) && empty)
          throw ApiError.notFound('no charging location in the rectangle');
        return found;
      };
      if (faults.has('geo-box-across-zero-empty') && acrossZero(rect)) return answer({ locations: [], aggregates: [] });
      if (q.aggregate === true) {
        const limit = faults.has('geo-count-limits-aggregates') ? q.count : undefined;
        // geo-precision-inverted: precision 2 gets the cells of 9, 9 those of 2.
        const precision = asked !== undefined && faults.has('geo-precision-inverted') ? 11 - asked : asked;
        const square = variants.has('geo-aggregation-grid');
        const aggregates = search.aggregate(rect, c, precision ?? (square ? 4 : defaultPrecision(rect)), {
          ...(limit !== undefined ? { limit } : {}),
          grid: square ? squareGrid : geohashGrid,
          wholeCells: variants.has('geo-aggregates-whole-cells'),
        });
        const locations = faults.has('geo-aggregate-with-locations')
          ? search.select(rect, c, MAX_LOCATIONS).map((r) => renderLocation(r, language, new Date()))
          : [];
        return answer({ locations, aggregates });
      }

      const count = q.count ?? (variants.has('geo-count-default-other') ? OTHER_DEFAULT_COUNT : DEFAULT_COUNT);
      let limit = faults.has('geo-count-over-300-honoured') ? count : Math.min(count, MAX_LOCATIONS);
      if (faults.has('geo-count-exceeded') && q.count !== undefined && q.count < MAX_LOCATIONS) limit = q.count + 1;
      if (faults.has('geo-max-300-exceeded') && q.count === undefined) limit = MAX_LOCATIONS + 1;
      let selected = search.select(rect, c, limit, variants.has('geo-count-default-other'));
      if (faults.has('geo-location-outside-rectangle')) {
        const leak = search.nearestOutside(rect, c);
        if (leak) selected = [...selected.slice(0, Math.max(0, limit - 1)), leak];
      }

      const now = new Date();
      const locations = selected.map((r) => asVariant(renderLocation(r, language, now), variants));
      return answer({ locations, aggregates: [] });
    }
  );

  // ASSUME-GEO-404: any other path or method under /locations/ answers 404 {message}.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/locations/*',
    config: { operationId: 'geosearchRectangle' },
    schema: { response: { 404: { $ref: 'message-error.json' } } },
    handler: async (request) => {
      throw ApiError.notFound(`no location operation at ${request.method} ${request.url.split('?')[0]}`);
    },
  });
}
