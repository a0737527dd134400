/**
 * The sandbox's geosearch (POST /locations/geosearch/rectangle): seed, rectangle, count, filters,
 * aggregation, validation, language, speed, and the effect of each of its faults.
 */
import { expect, test } from '@playwright/test';
import {
  type Aggregate,
  berlin,
  geo,
  hasAvailable,
  hasCapabilities,
  hasStandard,
  locationsIn,
  PATH,
  paris,
  point,
  query,
  reykjavik,
} from '../../../sandbox/faults/locations.js';
import { isUtc, registry } from '../../../sandbox/faults/probe.js';
import { midAtlantic } from '../../../sandbox/faults/statements.js';
import { defaultPrecision, geohash, inside, MAX_LOCATIONS, type Rect } from '../../../sandbox/geo.js';
import { criteria, renderLocation, seededSearch } from '../../../sandbox/routes/locations.js';
import {
  buildLocationSeed,
  capabilityValues,
  connectorStandards,
  type Evse,
  evseStatuses,
  type Location,
  type LocationRecord,
  languages,
} from '../../../sandbox/seed/locations.js';
import { type Harness, startSandbox, testFaultProbes } from './core-harness.js';

const europe: Rect = { top: 72, bottom: 34, left: -26, right: 42 };

/** Independent count of seeded locations inside `rect` meeting `keep` (not through the index). */
function seedCount(records: readonly LocationRecord[], rect: Rect, keep: (e: Evse) => boolean = () => true): number {
  return records.filter((r) => inside(rect, r) && r.location.evses.some(keep)).length;
}

/**
 * CPU time (user + system) of `fn` in ms: unlike wall time it does not grow when other processes
 * share the machine's cores, so the speed budgets below stay meaningful on a loaded CI runner.
 */
async function cpuMs(fn: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

let app: Harness;
let records: LocationRecord[];

test.beforeAll(async () => {
  app = await startSandbox();
  records = buildLocationSeed();
});
test.afterAll(async () => app.close());

test.describe('seed', () => {
  test('at least 5,000 locations over Europe and a few beyond it, deterministic, built in under 300 ms', async () => {
    let fresh: LocationRecord[] = [];
    const ms = await cpuMs(() => {
      fresh = buildLocationSeed();
    });
    test.info().annotations.push({
      type: 'timing',
      description: `seed of ${fresh.length} locations built in ${ms.toFixed(0)} ms CPU`,
    });
    expect(fresh.length).toBeGreaterThanOrEqual(5000);
    expect(ms).toBeLessThan(300);
    // Deterministic: a second build is the same, field for field (every 7th location compared whole).
    const sample = (rs: LocationRecord[]) => JSON.stringify(rs.filter((_, i) => i % 7 === 0).map((r) => r.location));
    expect(fresh.map((r) => `${r.location.id}@${r.lat},${r.lon}`)).toEqual(
      records.map((r) => `${r.location.id}@${r.lat},${r.lon}`)
    );
    expect(sample(fresh)).toBe(sample(records));
    expect(new Set(fresh.map((r) => r.location.id)).size).toBe(fresh.length);
    const european = fresh.filter((r) => r.lat >= 34 && r.lat <= 72 && r.lon >= -26 && r.lon <= 42);
    expect(european.length).toBeGreaterThanOrEqual(5000);
    // Every sign of every coordinate: each quadrant, west of Greenwich and south of the equator, and both sides of 0.
    const quadrants = (['N', 'S'] as const).flatMap((ns) =>
      (['E', 'W'] as const).map(
        (ew) => fresh.filter((r) => (ns === 'N' ? r.lat > 0 : r.lat < 0) && (ew === 'E' ? r.lon > 0 : r.lon < 0)).length
      )
    );
    expect(
      quadrants.every((n) => n >= 20),
      `locations per quadrant NE, NW, SE, SW: ${quadrants}`
    ).toBe(true);
    for (const near of [(r: LocationRecord) => r.lat, (r: LocationRecord) => r.lon]) {
      const close = fresh.map(near).filter((x) => Math.abs(x) < 0.1);
      expect(close.some((x) => x < 0) && close.some((x) => x > 0)).toBe(true);
    }
    // Clustered: a city rectangle holds more than the 300 a search can return.
    expect(seedCount(fresh, berlin)).toBeGreaterThan(MAX_LOCATIONS);
    expect(seedCount(fresh, paris)).toBeGreaterThan(MAX_LOCATIONS);
  });

  test('every Location field is populated with its documented type', () => {
    const now = new Date();
    const locationKeys = [
      'address',
      'city',
      'coordinates',
      'country',
      'directions',
      'evses',
      'id',
      'is_green_energy',
      'last_updated',
      'name',
      'openNow',
      'opening_times',
      'operator',
      'operator_display_name',
      'postal_code',
      'state',
    ]
      .sort()
      .join();
    const evseKeys = [
      'capabilities',
      'connectors',
      'evse_id',
      'last_updated',
      'physical_reference',
      'status',
      'uid',
    ].join();
    const connectorKeys = [
      'format',
      'id',
      'max_amperage',
      'max_electric_power',
      'max_voltage',
      'power_type',
      'standard',
    ].join();
    const seen = {
      statuses: new Set<string>(),
      capabilities: new Set<string>(),
      standards: new Set<string>(),
      openings: 0,
      closings: 0,
      green: new Set<boolean>(),
    };
    // Plain checks collected per location, one assertion at the end: 6,000 locations stay cheap.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const r of records) {
      const l = renderLocation(r, undefined, now);
      const id = l.id;
      for (const e of registry.validate('location.json', l)) problems.push(`${id}: ${e.pointer} ${e.message}`);
      check(Object.keys(l).sort().join() === locationKeys, `${id}: keys ${Object.keys(l)}`);
      for (const text of [
        l.id,
        l.name,
        l.operator_display_name,
        l.country,
        l.state,
        l.city,
        l.address,
        l.operator.id,
        l.operator.name,
        l.operator.hotline,
        l.operator.external_id,
      ]) {
        check(typeof text === 'string' && text.length > 0, `${id}: empty text`);
      }
      check(Number.isInteger(l.postal_code), `${id}: postal_code`);
      check(isUtc(l.last_updated), `${id}: last_updated`);
      check(typeof l.openNow === 'boolean', `${id}: openNow`);
      check(
        l.directions.length > 0 && l.evses.length > 0 && l.opening_times.regular_hours.length > 0,
        `${id}: empty array`
      );
      for (const e of l.evses) {
        check(Object.keys(e).sort().join() === evseKeys, `${id}: evse keys`);
        check(isUtc(e.last_updated) && e.connectors.length > 0, `${id}: evse ${e.uid}`);
        seen.statuses.add(e.status);
        e.capabilities.forEach((c) => {
          seen.capabilities.add(c);
        });
        for (const c of e.connectors) {
          check(Object.keys(c).sort().join() === connectorKeys, `${id}: connector keys`);
          seen.standards.add(c.standard);
        }
      }
      seen.openings += l.opening_times.exceptional_openings.length;
      seen.closings += l.opening_times.exceptional_closings.length;
      seen.green.add(l.is_green_energy);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect([...seen.statuses].sort()).toEqual([...evseStatuses].sort());
    expect([...seen.capabilities].sort()).toEqual([...capabilityValues].sort());
    expect([...seen.standards].sort()).toEqual([...connectorStandards].sort());
    expect(seen.openings).toBeGreaterThan(0);
    expect(seen.closings).toBeGreaterThan(0);
    expect(seen.green.size).toBe(2);
  });
});

test.describe('rectangle search', () => {
  test('answers 200 {locations, aggregates} matching the response schema', async () => {
    const res = await geo(app, paris);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/json');
    expect(registry.validate('geosearch-response.json', res.body)).toEqual([]);
    expect(Array.isArray(res.body.locations)).toBe(true);
    expect(res.body.aggregates).toEqual([]);
    expect(res.body.locations.length).toBeGreaterThan(0);
  });

  test('no body at all is the same as an empty body', async () => {
    const res = await app.call('POST', PATH, { query: query(reykjavik) });
    expect(res.status).toBe(200);
    expect(res.body.locations.map((l: Location) => l.id)).toEqual((await locationsIn(app, reykjavik)).map((l) => l.id));
  });

  test('every location lies inside the rectangle, edges inclusive', async () => {
    const rects = [
      berlin,
      paris,
      reykjavik,
      { top: 60, bottom: 45, left: 0, right: 20 },
      { top: 51.6, bottom: 51.4, left: -0.3, right: 0.1 },
    ];
    for (const rect of rects) {
      const found = await locationsIn(app, rect, rect === berlin ? {} : { count: 100 });
      expect(found.length).toBeGreaterThan(0);
      expect(
        found
          .filter((l) => !inside(rect, point(l)))
          .map((l) => `${l.id} ${JSON.stringify(l.coordinates)} outside ${JSON.stringify(rect)}`)
      ).toEqual([]);
    }
    // A rectangle whose four edges pass exactly through seeded locations returns those locations.
    const inReykjavik = records.filter((r) => inside(reykjavik, r));
    const tight: Rect = {
      top: Math.max(...inReykjavik.map((r) => r.lat)),
      bottom: Math.min(...inReykjavik.map((r) => r.lat)),
      left: Math.min(...inReykjavik.map((r) => r.lon)),
      right: Math.max(...inReykjavik.map((r) => r.lon)),
    };
    const ids = new Set((await locationsIn(app, tight)).map((l) => l.id));
    expect(inReykjavik.length).toBeLessThanOrEqual(MAX_LOCATIONS);
    expect(inReykjavik.filter((r) => !ids.has(r.location.id)).map((r) => r.location.id)).toEqual([]);
  });

  test('an area without locations answers 200 with empty arrays (ASSUME-GEO-404)', async () => {
    for (const extra of [{ aggregate: false }, { aggregate: true }]) {
      const res = await geo(app, midAtlantic, extra);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ locations: [], aggregates: [] });
    }
  });

  test('at most 300 locations; at most count; default count 300 (ASSUME-GEO-COUNT)', async () => {
    expect((await locationsIn(app, berlin)).length).toBe(MAX_LOCATIONS);
    expect((await locationsIn(app, europe)).length).toBe(MAX_LOCATIONS);
    expect((await locationsIn(app, berlin, { count: 300 })).length).toBe(300);
    for (const count of [1, 7, 299]) expect((await locationsIn(app, berlin, { count })).length).toBe(count);
    const few = seedCount(records, reykjavik);
    expect((await locationsIn(app, reykjavik, { count: 300 })).length).toBe(few);
  });

  test('the selection is deterministic: the locations nearest to the rectangle centre (ASSUME-GEO-COUNT)', async () => {
    const first = (await locationsIn(app, berlin)).map((l) => l.id);
    expect((await locationsIn(app, berlin)).map((l) => l.id)).toEqual(first);
    expect((await locationsIn(app, berlin, { count: 25 })).map((l) => l.id)).toEqual(first.slice(0, 25));
    // Independently: the 300 seeded locations nearest to the centre (equirectangular distance, ties by id).
    const cLat = (berlin.top + berlin.bottom) / 2,
      cLon = (berlin.left + berlin.right) / 2,
      cos = Math.cos((cLat * Math.PI) / 180);
    const expected = records
      .filter((r) => inside(berlin, r))
      .map((r) => ({ id: r.location.id, d: (r.lat - cLat) ** 2 + ((r.lon - cLon) * cos) ** 2 }))
      .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
      .slice(0, MAX_LOCATIONS)
      .map((x) => x.id);
    expect(first).toEqual(expected);
  });

  test('openNow follows opening_times at the time of the request', async () => {
    const found = await locationsIn(app, berlin, { count: 100 });
    const now = Date.now();
    const closedNow = (l: Location) =>
      l.opening_times.exceptional_closings.some(
        (p) => Date.parse(p.period_begin) <= now && now < Date.parse(p.period_end)
      );
    const always = found.filter((l) => l.opening_times.twentyfourseven && !closedNow(l));
    expect(always.length).toBeGreaterThan(0);
    for (const l of always) expect(l.openNow).toBe(true);
  });
});

test.describe('filters', () => {
  test('connectorStandards: each location has a connector of one of those standards', async () => {
    const all = await locationsIn(app, europe, { count: 100 });
    for (const standards of [['CHADEMO'], ['IEC_62196_T1'], ['DOMESTIC_F', 'CHADEMO'], ['IEC_62196_T2_COMBO']]) {
      const found = await locationsIn(app, berlin, { count: 100 }, { filters: { connectorStandards: standards } });
      expect(found.length, standards.join()).toBeGreaterThan(0);
      for (const l of found) expect(hasStandard(l, standards), `${l.id} has ${standards}`).toBe(true);
      expect(all.some((l) => !hasStandard(l, standards))).toBe(true);
    }
    // Aggregated: the counts are those of the filtered seed.
    const res = await geo(app, europe, { aggregate: true }, { filters: { connectorStandards: ['CHADEMO'] } });
    const total = res.body.aggregates.reduce((s: number, a: { count: number }) => s + a.count, 0);
    expect(total).toBe(seedCount(records, europe, (e) => e.connectors.some((c) => c.standard === 'CHADEMO')));
  });

  test('capabilities: each location has an EVSE offering every requested capability', async () => {
    const caps = ['RESERVABLE', 'PLUG_AND_CHARGE_CAPABLE'];
    const found = await locationsIn(app, paris, { count: 100 }, { filters: { capabilities: caps } });
    expect(found.length).toBeGreaterThan(0);
    for (const l of found) expect(hasCapabilities(l, caps), l.id).toBe(true);
    expect((await locationsIn(app, paris, { count: 100 })).some((l) => !hasCapabilities(l, caps))).toBe(true);
    expect(await locationsIn(app, paris, {}, { filters: { capabilities: ['TELEPORT'] } })).toEqual([]);
  });

  test('includeAvailableOnly: each location has an AVAILABLE EVSE; its other EVSEs stay (ASSUME-GEO-EVSE-STATUS)', async () => {
    const all = await locationsIn(app, berlin, { count: 100 });
    expect(all.some((l) => !hasAvailable(l))).toBe(true);
    const found = await locationsIn(app, berlin, { count: 100 }, { options: { includeAvailableOnly: true } });
    expect(found.length).toBe(100);
    expect(found.filter((l) => !hasAvailable(l)).map((l) => l.id)).toEqual([]);
    // The EVSEs of a returned location are all there, available or not.
    const byId = new Map(all.map((l) => [l.id, l]));
    expect(found.some((l) => l.evses.some((e) => e.status !== 'AVAILABLE'))).toBe(true);
    for (const l of found.filter((x) => byId.has(x.id))) expect(l.evses).toEqual(byId.get(l.id)!.evses);
    const plain = await locationsIn(app, berlin, { count: 100 }, { options: { includeAvailableOnly: false } });
    expect(plain.map((l) => l.id)).toEqual(all.map((l) => l.id));
  });

  test('filters combine on one EVSE; empty arrays filter nothing (ASSUME-GEO-FILTERS)', async () => {
    const body = {
      filters: { connectorStandards: ['IEC_62196_T2_COMBO'], capabilities: ['PLUG_AND_CHARGE_CAPABLE'] },
      options: { includeAvailableOnly: true },
    };
    const found = await locationsIn(app, europe, { count: 100 }, body);
    expect(found.length).toBeGreaterThan(0);
    for (const l of found) {
      expect(
        l.evses.some(
          (e) =>
            e.status === 'AVAILABLE' &&
            e.capabilities.includes('PLUG_AND_CHARGE_CAPABLE') &&
            e.connectors.some((c) => c.standard === 'IEC_62196_T2_COMBO')
        ),
        l.id
      ).toBe(true);
    }
    const unfiltered = (await locationsIn(app, paris, { count: 100 })).map((l) => l.id);
    expect(
      (await locationsIn(app, paris, { count: 100 }, { filters: { connectorStandards: [], capabilities: [] } })).map(
        (l) => l.id
      )
    ).toEqual(unfiltered);
    expect(await locationsIn(app, paris, {}, { filters: { connectorStandards: ['NO_SUCH_STANDARD'] } })).toEqual([]);
  });
});

test.describe('aggregation', () => {
  const sum = (aggregates: { count: number }[]) => aggregates.reduce((s, a) => s + a.count, 0);

  test('aggregation on: no locations; aggregates whose counts add up to the matching locations', async () => {
    for (const rect of [berlin, europe, reykjavik]) {
      const res = await geo(app, rect, { aggregate: true });
      expect(res.status).toBe(200);
      expect(registry.validate('geosearch-response.json', res.body)).toEqual([]);
      expect(res.body.locations).toEqual([]);
      expect(res.body.aggregates.length).toBeGreaterThan(0);
      expect(sum(res.body.aggregates)).toBe(seedCount(records, rect));
      for (const a of res.body.aggregates) {
        expect(a.count).toBeGreaterThan(0);
        expect(inside(rect, point(a)), JSON.stringify(a)).toBe(true);
      }
    }
    // Below 300 the sum equals what the same search returns without aggregation.
    const plain = await locationsIn(app, reykjavik, {}, { options: { includeAvailableOnly: true } });
    const agg = await geo(app, reykjavik, { aggregate: true }, { options: { includeAvailableOnly: true } });
    expect(sum(agg.body.aggregates)).toBe(plain.length);
  });

  test('count is ignored when aggregation is on', async () => {
    const without = await geo(app, berlin, { aggregate: true, precision: 6 });
    const withCount = await geo(app, berlin, { aggregate: true, precision: 6, count: 1 });
    expect(withCount.body).toEqual(without.body);
  });

  test('precision 2..9: a larger value gives smaller cells (more aggregates); omitted, derived from the radius', async () => {
    let previous = 0;
    for (let precision = 2; precision <= 9; precision++) {
      const res = await geo(app, berlin, { aggregate: true, precision });
      expect(res.status).toBe(200);
      const cells = new Set(res.body.aggregates.map((a: Aggregate) => geohash(point(a).lat, point(a).lon, precision)));
      expect(cells.size).toBe(res.body.aggregates.length);
      expect(res.body.aggregates.length).toBeGreaterThanOrEqual(previous);
      previous = res.body.aggregates.length;
    }
    expect(previous).toBeGreaterThan(100);
    for (const rect of [berlin, europe, { top: 52.52, bottom: 52.5, left: 13.38, right: 13.42 }]) {
      const derived = defaultPrecision(rect);
      expect((await geo(app, rect, { aggregate: true })).body).toEqual(
        (await geo(app, rect, { aggregate: true, precision: derived })).body
      );
    }
    expect(defaultPrecision(europe)).toBeLessThan(defaultPrecision(berlin));
    expect(defaultPrecision(berlin)).toBeLessThan(
      defaultPrecision({ top: 52.52, bottom: 52.5, left: 13.38, right: 13.42 })
    );
  });
});

test.describe('validation', () => {
  const cases: [string, Record<string, string | number | boolean>, unknown?][] = [
    ['topLatitude missing', { bottomLatitude: 1, leftLongitude: 1, rightLongitude: 2 }],
    ['rightLongitude missing', { topLatitude: 2, bottomLatitude: 1, leftLongitude: 1 }],
    ['topLatitude equal to bottomLatitude', query({ top: 50, bottom: 50, left: 1, right: 2 })],
    ['topLatitude below bottomLatitude', query({ top: 49, bottom: 50, left: 1, right: 2 })],
    ['leftLongitude equal to rightLongitude', query({ top: 51, bottom: 50, left: 2, right: 2 })],
    ['leftLongitude above rightLongitude', query({ top: 51, bottom: 50, left: 3, right: 2 })],
    ['topLatitude 91', query({ top: 91, bottom: 50, left: 1, right: 2 })],
    ['bottomLatitude -90.5', query({ top: 10, bottom: -90.5, left: 1, right: 2 })],
    ['leftLongitude -181', query({ top: 51, bottom: 50, left: -181, right: 2 })],
    ['rightLongitude 180.01', query({ top: 51, bottom: 50, left: 1, right: 180.01 })],
    ['topLatitude not a number', { ...query(paris), topLatitude: 'north' }],
    ['count 301', query(paris, { count: 301 })],
    ['count 0 (ASSUME-GEO-COUNT)', query(paris, { count: 0 })],
    ['count -5 (ASSUME-GEO-COUNT)', query(paris, { count: -5 })],
    ['count 2.5', query(paris, { count: 2.5 })],
    ['precision 1', query(paris, { aggregate: true, precision: 1 })],
    ['precision 10', query(paris, { aggregate: true, precision: 10 })],
    ['precision 10 without aggregation', query(paris, { precision: 10 })],
    ['precision 4.5', query(paris, { aggregate: true, precision: 4.5 })],
    ['aggregate not a boolean', query(paris, { aggregate: 'maybe' })],
    ['language xx', query(paris, { language: 'xx' })],
    ['language da (not supported)', query(paris, { language: 'da' })],
    ['language EN (codes are lower case)', query(paris, { language: 'EN' })],
    ['filters not an object', query(paris), { filters: 'CHADEMO' }],
    ['connectorStandards not an array', query(paris), { filters: { connectorStandards: 'CHADEMO' } }],
    ['includeAvailableOnly not a boolean', query(paris), { options: { includeAvailableOnly: 'yes' } }],
  ];
  for (const [name, q, body] of cases) {
    test(`400 {message, details} for ${name}`, async () => {
      const res = await app.call('POST', PATH, { query: q, body: body ?? {} });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(registry.validate('geosearch-error.json', res.body)).toEqual([]);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(Array.isArray(res.body.details) && res.body.details.length > 0).toBe(true);
      for (const d of res.body.details) expect(typeof d).toBe('string');
      expect(res.body.errorCode).toBeUndefined();
    });
  }

  test('the documented bounds themselves are accepted', async () => {
    for (const q of [
      query({ top: 90, bottom: -90, left: -180, right: 180 }, { count: 1 }),
      query(paris, { aggregate: true, precision: 2 }),
      query(paris, { aggregate: true, precision: 9 }),
      query(paris, { count: 1 }),
      query(paris, { count: 300 }),
      query(paris, { aggregate: false, count: 1 }),
    ]) {
      const res = await app.call('POST', PATH, { query: q, body: {} });
      expect(res.status, JSON.stringify(q)).toBe(200);
    }
  });

  test('404 {message} for any other path or method under /locations/ (ASSUME-GEO-404)', async () => {
    for (const [method, url] of [
      ['POST', '/locations/geosearch/circle'],
      ['GET', PATH],
      ['POST', '/locations/nearby'],
    ] as const) {
      const res = await app.call(method, url, { query: query(paris), body: {} });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(registry.validate('message-error.json', res.body)).toEqual([]);
      expect(res.body.errorCode).toBeUndefined();
    }
  });
});

test.describe('language', () => {
  test('each supported language gives directions in that language only (ASSUME-GEO-LANGUAGE)', async () => {
    const texts = new Set<string>();
    for (const language of languages) {
      const found = await locationsIn(app, paris, { language, count: 20 });
      expect(found.length).toBe(20);
      for (const l of found) {
        expect(l.directions.length).toBe(1);
        expect(l.directions[0]!.language).toBe(language);
        expect(l.directions[0]!.text.length).toBeGreaterThan(0);
      }
      texts.add(found[0]!.directions[0]!.text);
    }
    expect(texts.size).toBe(languages.length);
  });

  test('without language, directions in English and in the local language', async () => {
    for (const l of await locationsIn(app, berlin, { count: 20 })) {
      expect(l.directions.map((d) => d.language).sort()).toEqual(['de', 'en']);
    }
    for (const l of await locationsIn(app, reykjavik, { count: 5 })) {
      expect(l.directions.map((d) => d.language).sort()).toEqual(['en', 'is']);
    }
  });
});

test.describe('speed', () => {
  test('a typical (city-sized) rectangle query takes well under 5 ms over the seed', async () => {
    const search = seededSearch();
    expect(search.size).toBeGreaterThanOrEqual(5000);
    const c = criteria(undefined, { connectorStandards: true, capabilities: true, includeAvailableOnly: true });
    // Rectangles of 0.1 to 0.8 degrees around seeded locations (deterministic choice).
    const rects: Rect[] = [];
    for (let i = 0; i < 400; i++) {
      const r = records[(i * 7919) % records.length]!;
      const h = 0.1 + ((i * 37) % 70) / 100;
      rects.push({ top: r.lat + h / 2, bottom: r.lat - h / 2, left: r.lon - h * 0.8, right: r.lon + h * 0.8 });
    }
    for (const rect of rects.slice(0, 50)) search.select(rect, c, MAX_LOCATIONS); // warm-up
    const total = await cpuMs(() => {
      for (const rect of rects) search.select(rect, c, MAX_LOCATIONS);
    });
    const mean = total / rects.length;
    test.info().annotations.push({
      type: 'timing',
      description: `select: mean ${mean.toFixed(3)} ms CPU over ${rects.length} city-sized rectangles`,
    });
    expect(mean).toBeLessThan(1);
    // Whole Europe (every location matches) stays fast too, aggregated or not.
    const whole = await cpuMs(() => {
      search.select(europe, c, MAX_LOCATIONS);
      search.aggregate(europe, c, defaultPrecision(europe));
    });
    expect(whole).toBeLessThan(60);
  });

  test('a 300-location answer through the app takes a few milliseconds', async () => {
    await geo(app, berlin);
    const mean =
      (await cpuMs(async () => {
        for (let i = 0; i < 5; i++) await geo(app, berlin);
      })) / 5;
    test.info().annotations.push({
      type: 'timing',
      description: `inject round trip, 300 locations: mean ${mean.toFixed(2)} ms CPU`,
    });
    expect(mean).toBeLessThan(50);
  });
});

test.describe('faults', () => testFaultProbes((id) => /^(geo|loc)-/.test(id)));
