/**
 * The names of the four geosearch parameters the document does not name ("Their parameter names
 * are not shown", ASSUME-GEO-PARAM-NAMES), found on the target by what each one does. A name set
 * in FLEET_GEO_PARAM_NAMES is used as it is; for each other parameter the candidates are tried in
 * order, the sandbox's name first, and the first the server honours is kept. What one answer
 * shows decides, never what it lacks: a server that honours a parameter wrongly (count 1 answered
 * with two locations) still shows that it knows it, and its rule judges the rest.
 */
import type { ApiResponse, FleetClient, Query } from './client.js';
import { GEO_PARAMS, type GeoParam, type GeoParamNames } from './config.js';
import type { Found } from './ledger.js';
import { around, type Point, pointOf, type Rectangle, SUPPORTED_LANGUAGES, WORLD } from './locations.js';
import type { GeosearchResponse, Location } from './types.generated.js';

/** The names tried for each parameter, in order: the first is the sandbox's, sent when none is found. */
const GEO_PARAM_CANDIDATES: Readonly<Record<GeoParam, readonly string[]>> = {
  count: ['count', 'limit', 'maxResults', 'maxResultCount', 'resultCount', 'size', 'pageSize', 'max', 'top'],
  aggregate: ['aggregate', 'aggregation', 'aggregated', 'isAggregated', 'cluster', 'clustered', 'clustering', 'group'],
  precision: ['precision', 'gridPrecision', 'geohashPrecision', 'zoom', 'level', 'resolution'],
  language: ['language', 'lang', 'locale', 'languageCode', 'lng'],
};

const FIRST_CANDIDATES = Object.fromEntries(GEO_PARAMS.map((p) => [p, GEO_PARAM_CANDIDATES[p][0]!])) as GeoParamNames;

/** How a name came to be used: set in FLEET_GEO_PARAM_NAMES, found by its effect, or not found (its first candidate is sent). */
export type GeoParamOrigin = 'set' | 'found' | 'not found';

export interface GeoParams {
  names: GeoParamNames;
  origin: Record<GeoParam, GeoParamOrigin>;
  /** Said once when a parameter was not found: which ones, and the setting that settles them. */
  notice?: string;
}

/** The language code a search is refused for when the server knows the parameter (not one of the 17). */
const UNSUPPORTED_LANGUAGE = 'zz';
/** Languages tried per name: a second one where the first is refused. */
const PROBE_LANGUAGES = 2;

/** One search of the target with the bounds and only the named parameters. */
type Search = (rect: Rectangle, params: Query) => Promise<ApiResponse<GeosearchResponse>>;

const ok = (r: ApiResponse<GeosearchResponse>) => r.status === 200;
const refused = (r: ApiResponse<GeosearchResponse>) => r.status >= 400 && r.status < 500;
const locationsOf = (r: ApiResponse<GeosearchResponse>) => (ok(r) ? (r.body.locations ?? []) : []);
const aggregatesOf = (r: ApiResponse<GeosearchResponse>) => (ok(r) ? (r.body.aggregates ?? []) : []);
/** The aggregates of an answer, whatever their order. */
const cells = (r: ApiResponse<GeosearchResponse>) =>
  aggregatesOf(r)
    .map((a) => `${a.coordinates?.latitude},${a.coordinates?.longitude}:${a.count}`)
    .sort()
    .join(';');
const showing = (locations: readonly Location[], language: string) =>
  locations.filter((l) => (l.directions ?? []).some((d) => d.language === language)).length;

/** Other locations a probe area holds around its own: enough for count 1 to show, few to read. */
const NEIGHBOURS = 3;

/**
 * The smallest square around one of `locations` that holds NEIGHBOURS others of them, or
 * undefined when there are too few: where the probes search, their answers small.
 */
function probeArea(locations: readonly Location[]): Rectangle | undefined {
  const points = locations.map(pointOf).filter((p) => p !== undefined);
  let best: { at: Point; half: number } | undefined;
  for (const at of points) {
    const distances = points
      .map((p) => Math.max(Math.abs(p.latitude - at.latitude), Math.abs(p.longitude - at.longitude)))
      .sort((a, b) => a - b);
    // distances[0] is the point itself.
    const half = distances[NEIGHBOURS];
    if (half !== undefined && (!best || half < best.half)) best = { at, half };
  }
  // A margin, so that no neighbour lies on an edge the server may leave out.
  return best && around(best.at, best.half * 1.5 + 0.001);
}

/** The name of a parameter the server is known to honour (set or found so far), or undefined. */
type Known = (param: GeoParam) => string | undefined;

/**
 * Whether the server honours a name as each parameter, in `area`, judged against `plain`, the
 * same search without any of them.
 */
function probes(
  search: Search,
  area: Rectangle,
  plain: ApiResponse<GeosearchResponse>,
  known: Known
): Record<GeoParam, (name: string) => Promise<boolean>> {
  const nearby = locationsOf(plain);
  return {
    count: async (name) => nearby.length >= 2 && locationsOf(await search(area, { [name]: 1 })).length < nearby.length,
    aggregate: async (name) => aggregatesOf(await search(area, { [name]: true })).length > aggregatesOf(plain).length,
    /** Precisions 2 and 9 aggregate differently, or one beyond 9 is refused where 9 is not. */
    precision: async (name) => {
      const aggregate = known('aggregate');
      const at = (precision: number) =>
        search(area, { ...(aggregate ? { [aggregate]: true } : {}), [name]: precision });
      if (aggregate) {
        const [at2, at9] = [await at(2), await at(9)];
        if (ok(at2) && ok(at9) && cells(at2) !== cells(at9)) return true;
      }
      return refused(await at(10)) && ok(await at(9));
    },
    /** More locations show directions in a requested language, or a code outside the 17 is refused where a supported one is not. */
    language: async (name) => {
      const rarest = [...SUPPORTED_LANGUAGES]
        .sort((a, b) => showing(nearby, a) - showing(nearby, b))
        .slice(0, PROBE_LANGUAGES);
      for (const language of rarest) {
        const r = await search(area, { [name]: language });
        if (refused(r)) continue;
        if (showing(locationsOf(r), language) > showing(nearby, language)) return true;
        return ok(r) && refused(await search(area, { [name]: UNSUPPORTED_LANGUAGE }));
      }
      return false;
    },
  };
}

/**
 * Finds the names the target uses for the parameters `set` does not name. A search of the whole
 * map that is neither answered nor found empty (200, 404) stops it: the rule that answer broke
 * blocks the tests that need the names.
 */
export async function discoverGeoParams(client: FleetClient, set: Partial<GeoParamNames>): Promise<GeoParams> {
  const origin = Object.fromEntries(GEO_PARAMS.map((p) => [p, set[p] === undefined ? 'not found' : 'set'])) as Record<
    GeoParam,
    GeoParamOrigin
  >;
  const names: GeoParamNames = { ...FIRST_CANDIDATES, ...set };
  const unset = GEO_PARAMS.filter((p) => origin[p] === 'not found');
  if (!unset.length) return { names, origin };
  const search: Search = (rect, params) =>
    client.call<GeosearchResponse>('geosearchRectangle', { query: { ...rect, ...params }, body: {} });
  const map = await search(WORLD, {});
  if (!ok(map) && map.status !== 404)
    throw new Error(
      `a geosearch of the whole map answered ${map.status}: the names of ${unset.join('/')} cannot be found`
    );
  const area = probeArea(locationsOf(map));
  const honours = probes(search, area ?? WORLD, area ? await search(area, {}) : map, (p) =>
    origin[p] === 'not found' ? undefined : names[p]
  );
  // In the order of GEO_PARAMS: precision is tried once the aggregation switch is known.
  for (const param of unset) {
    for (const name of GEO_PARAM_CANDIDATES[param]) {
      if (!(await honours[param](name))) continue;
      names[param] = name;
      origin[param] = 'found';
      break;
    }
  }
  const missing = unset.filter((p) => origin[p] === 'not found');
  if (!missing.length) return { names, origin };
  const sparse = area ? '' : ` (the whole map shows fewer than ${NEIGHBOURS + 1} locations to see them by)`;
  return {
    names,
    origin,
    notice: `geosearch: the server ignored ${missing.join('/')} under every name tried${sparse}; ${missing.length > 1 ? 'their parameter names are' : 'its parameter name is'} not shown in the document: set FLEET_GEO_PARAM_NAMES (${missing.map((p) => `${p}=<name>`).join(',')})`,
  };
}

/** The names a geosearch goes under: those in use, or, where discovery was stopped, the set ones and the first candidates. */
export function namesToSend(found: Found<GeoParams>, set: Partial<GeoParamNames>): GeoParamNames {
  return found.value?.names ?? { ...FIRST_CANDIDATES, ...set };
}

/** The parameters of `needed` that were not found. */
export function notFound(params: GeoParams, needed: readonly GeoParam[]): GeoParam[] {
  return needed.filter((p) => params.origin[p] === 'not found');
}

/** What the drift report shows under ASSUME-GEO-PARAM-NAMES: each name and how it came to be used. */
export function seenText({ names, origin }: GeoParams): string {
  const part = (how: GeoParamOrigin, show: (p: GeoParam) => string) => {
    const params = GEO_PARAMS.filter((p) => origin[p] === how);
    return params.length ? [`${how}: ${params.map(show).join(', ')}`] : [];
  };
  const named = (p: GeoParam) => `${p}=${names[p]}`;
  return [
    ...part('found', named),
    ...part('set', named),
    ...part('not found', (p) => `${p} (sent as ${names[p]})`),
  ].join('; ');
}
