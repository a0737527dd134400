/**
 * Every sign of every coordinate: a rectangle in each quadrant of the map and across each zero line,
 * around a location the target's own map shows there (a place where it shows none is not run). Every
 * answer holds only locations inside its rectangle (the client checks each geosearch answer), thin
 * rectangles a hair either side of a whole degree included; and the small rectangle, answered with
 * fewer locations than its count, shows every location the other searches show inside it.
 */
import { expect, test } from '../../fixtures/test.js';
import { nearWholeDegrees, PLACES, strictlyInside, widened } from '../../lib/geo-signs.js';
import { MAX_LOCATIONS, pointOf } from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import { locationsFound } from '../../lib/steps/location-steps.js';
import type { Location } from '../../lib/types.generated.js';

/** Enough to find a location of a place, and for the thin rectangles, which hold few if any. */
const FEW = 10;

const key = (l: Location) => l.id ?? JSON.stringify(l.coordinates);

test.describe('geosearch rectangle: every sign of every coordinate', () => {
  for (const place of PLACES) {
    test(
      `a rectangle ${place.words} finds the locations inside it, none outside and none left out while the count allows [GEO-INSIDE-RECTANGLE]`,
      rules('GEO-INSIDE-RECTANGLE'),
      async ({ api, config, geoParams }) => {
        const search = async (rect: Parameters<typeof api.geosearchRectangle>[0]) =>
          locationsFound(await api.geosearchRectangle(rect), config);
        const seen: Location[] = [];
        for (const region of place.regions) seen.push(...(await search({ ...region, count: FEW })));
        const at = seen.map(pointOf).find((p) => p !== undefined && place.holds(p));
        test.skip(!at, `the target's map shows no location ${place.words}`);
        const small = place.around(at!);
        const found = await search({ ...small, count: MAX_LOCATIONS });
        seen.push(...(await search({ ...widened(small), count: MAX_LOCATIONS })));
        for (const thin of nearWholeDegrees(at!)) await search({ ...thin, count: FEW });
        // Without a count known to be in effect, only an empty answer shows that one was left out.
        const room = geoParams.known('count') ? MAX_LOCATIONS : 1;
        test.skip(
          found.length >= room,
          `the small rectangle holds as many locations as its count (${found.length}): which it shows is the server's choice`
        );
        const shown = new Set(found.map(key));
        const missing = new Map(
          seen
            .filter((l) => strictlyInside(small, pointOf(l)) && !shown.has(key(l)))
            .map((l) => [key(l), l.coordinates])
        );
        expect(
          [...missing],
          `locations inside ${JSON.stringify(small)} that other searches show, left out of its answer of ${found.length}`
        ).toEqual([]);
      }
    );
  }
});
