/**
 * What a geosearch found, read the way the document leaves open: "404: {message: string}" names
 * no condition (ASSUME-GEO-404), so an area without locations may answer 200 with none or 404.
 */

import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import { expect, forRule } from '../judge.js';
import type { GeosearchResponse, Location } from '../types.generated.js';

/**
 * The locations of a 200; none for a 404 (whose {message} body is checked on every answer).
 * FLEET_STRICT=ASSUME-GEO-404 requires the 200: a 404 is then an assumption failure.
 */
export async function locationsFound(
  response: ApiResponse<GeosearchResponse>,
  config: Pick<Config, 'strict'>
): Promise<Location[]> {
  if (response.status !== 404) {
    expect(response).toHaveStatus(200);
    return response.body.locations ?? [];
  }
  if (config.strict.has('ASSUME-GEO-404'))
    await forRule('ASSUME-GEO-404', () =>
      expect(response, 'an area without locations (strict reading)').toHaveStatus(200)
    );
  return [];
}
