import { isInside, pointOf } from '../locations.js';
import type { Check } from './types.js';

const EDGES = ['topLatitude', 'bottomLatitude', 'leftLongitude', 'rightLongitude'] as const;

/**
 * "Searches charging locations inside a rectangle defined by two diagonal points": every location
 * of every geosearch answer lies in the rectangle its request named (edges count as inside; a
 * location without readable coordinates is GEO-LOCATION-SHAPE's concern, not this rule's).
 */
export const geosearchInsideRectangle: Check = {
  name: 'geosearch_inside_rectangle',
  rule: 'GEO-INSIDE-RECTANGLE',
  run({ exchange, read }) {
    if (exchange.operationId !== 'geosearchRectangle' || exchange.response.status !== 200) return [];
    const query = new URLSearchParams(exchange.request.path.split('?')[1] ?? '');
    const [top, bottom, left, right] = EDGES.map((e) => Number(query.get(e) ?? NaN));
    // Only a rectangle the document allows has an inside (a server that accepted another breaks its own rule).
    if ([top, bottom, left, right].some((n) => !Number.isFinite(n)) || !(top! > bottom! && left! < right!)) return [];
    const rect = { topLatitude: top!, bottomLatitude: bottom!, leftLongitude: left!, rightLongitude: right! };
    const locations = (read.body as { locations?: unknown } | undefined)?.locations;
    if (!Array.isArray(locations)) return [];
    return locations.flatMap((l, i) => {
      const point = pointOf(l as { coordinates?: { latitude?: string; longitude?: string } });
      if (!point || isInside(rect, point)) return [];
      return [
        {
          kind: 'failure' as const,
          check: this.name,
          rule: this.rule,
          where: `/locations/${i}/coordinates`,
          title: `location ${String((l as { id?: unknown }).id)} at ${point.latitude}, ${point.longitude} lies outside the rectangle searched`,
          received: `${point.latitude}, ${point.longitude}`,
          documented: `latitude ${bottom} to ${top}, longitude ${left} to ${right}`,
        },
      ];
    });
  },
};
