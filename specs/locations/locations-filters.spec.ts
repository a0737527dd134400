/**
 * Geosearch filters (connectorStandards, capabilities) and options (includeAvailableOnly): every
 * location found meets them. Each check first looks at the same area unfiltered, so that it only
 * runs where a location that does not meet the filter exists (a filter ignored then shows).
 */
import { expect, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Config } from '../../lib/config.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import {
  CAPABILITIES,
  hasCapability,
  hasConnectorStandard,
  hasEvseStatus,
  isInside,
  MAX_LOCATIONS,
  pointOf,
  type Rectangle,
  standardCandidates,
} from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import { locationsFound } from '../../lib/steps/location-steps.js';
import type { GeosearchRequest, Location } from '../../lib/types.generated.js';

async function search(
  api: FleetApi,
  config: Config,
  rect: Rectangle,
  body: GeosearchRequest = {}
): Promise<Location[]> {
  return locationsFound(await api.geosearchRectangle({ ...rect, count: MAX_LOCATIONS }, body), config);
}

/** Every location found in the rectangle meets `meets` (one outside is GEO-INSIDE-RECTANGLE's, checked on every answer). */
function expectAllMeet(rect: Rectangle, locations: Location[], meets: (l: Location) => boolean, what: string): void {
  const offenders = locations
    .filter((l) => isInside(rect, pointOf(l)) && !meets(l))
    .map((l) => ({ id: l.id, evses: l.evses }));
  expect(offenders.slice(0, 3), `${offenders.length} of ${locations.length} locations found do not ${what}`).toEqual(
    []
  );
}

/** How many tries to find a connector value the target accepts as a standard. */
const STANDARD_TRIES = 4;

test.describe('geosearch rectangle: filters and options', () => {
  test.beforeEach(({ geoAreas }) => {
    test.skip(!geoAreas.small, NO_SMALL_AREA);
  });

  test(
    'filters.connectorStandards keeps only locations with a connector of a requested standard [GEO-FILTER-CONNECTOR]',
    rules('GEO-FILTER-CONNECTOR'),
    async ({ api, geoAreas, config }) => {
      const rect = geoAreas.small!;
      const candidates = standardCandidates(await search(api, config, rect)).slice(0, STANDARD_TRIES);
      test.skip(!candidates.length, 'no connector value is shown by some locations of the area and not by others');
      for (const standard of candidates) {
        const response = await api.geosearchRectangle(
          { ...rect, count: MAX_LOCATIONS },
          { filters: { connectorStandards: [standard] } }
        );
        const found = response.status === 200 ? (response.body.locations ?? []) : [];
        if (!found.length) continue; // not a standard for this target (ASSUME-GEO-CONNECTOR-FIELDS)
        test.info().annotations.push({ type: 'connector standard', description: standard });
        expectAllMeet(
          rect,
          found,
          (l) => hasConnectorStandard(l, [standard]),
          `have a connector of standard ${standard}`
        );
        return;
      }
      test.skip(
        true,
        `none of the connector values ${candidates.join(', ')} finds a location as a standard (ASSUME-GEO-CONNECTOR-FIELDS)`
      );
    }
  );

  for (const capability of CAPABILITIES) {
    test(
      `filters.capabilities [${capability}] keeps only locations with an EVSE offering it [GEO-FILTER-CAPABILITY]`,
      rules('GEO-FILTER-CAPABILITY'),
      async ({ api, geoAreas, config }) => {
        const rect = geoAreas.small!;
        const unfiltered = await search(api, config, rect);
        test.skip(
          unfiltered.every((l) => hasCapability(l, capability)),
          `every location of the area offers ${capability}: the filter cannot show`
        );
        const found = await search(api, config, rect, { filters: { capabilities: [capability] } });
        expectAllMeet(rect, found, (l) => hasCapability(l, capability), `offer ${capability}`);
      }
    );
  }

  test(
    'options.includeAvailableOnly keeps only locations with an available EVSE [GEO-AVAILABLE-ONLY]',
    rules('GEO-AVAILABLE-ONLY'),
    async ({ api, geoAreas, config }) => {
      const rect = geoAreas.small!;
      const available = config.geoAvailableStatus;
      const unfiltered = await search(api, config, rect);
      test.skip(
        !unfiltered.some((l) => hasEvseStatus(l, available)),
        `no EVSE of the area shows status ${available} (FLEET_GEO_AVAILABLE_STATUS, ASSUME-GEO-EVSE-STATUS)`
      );
      test.skip(
        unfiltered.every((l) => hasEvseStatus(l, available)),
        `every location of the area has an EVSE ${available}: the option cannot show`
      );
      const found = await search(api, config, rect, { options: { includeAvailableOnly: true } });
      expectAllMeet(rect, found, (l) => hasEvseStatus(l, available), `have an EVSE with status ${available}`);
    }
  );
});
