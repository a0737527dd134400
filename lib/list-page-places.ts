/**
 * Where a value of a customer list answer sits (ASSUME-CUSTOMER-LIST-PAGE): a property of the body,
 * a response header, or the cursor of a URL the Link header gives; and reading it there.
 */
export type Place =
  | { in: 'body'; path: string[] }
  | { in: 'header'; name: string }
  | { in: 'link'; rel: string }
  | { in: 'none' };

/** A flag's place; `negated`: a flag that says the opposite (lastPage). */
export type FlagPlace = Place & { negated?: true };

export interface PageAnswer {
  body?: unknown;
  headers: Record<string, string>;
  /** The request it answered: the limit it asked tells a full page. */
  exchange?: { request: { path: string } };
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export function at(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
}

/** Properties of `node` (and of the objects inside it, one level down) whose value passes `keep`, as paths. */
export function paths(
  node: unknown,
  keep: (key: string, value: unknown) => boolean,
  prefix: string[] = [],
  depth = 0
): string[][] {
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([k, v]) => [
    ...(keep(k, v) ? [[...prefix, k]] : []),
    ...(depth < 1 ? paths(v, keep, [...prefix, k], depth + 1) : []),
  ]);
}

/** The cursor parameter of the URL the Link header gives for `rel` (RFC 8288: `<url>; rel="next"`). */
export function linkCursor(header: string | undefined, rel: string): string | undefined {
  for (const link of (header ?? '').split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(link);
    const rels =
      /;\s*rel="?([^";]+)"?/i
        .exec(m?.[2] ?? '')?.[1]
        ?.toLowerCase()
        .split(/\s+/) ?? [];
    if (m && rels.includes(rel))
      return new URL(m[1]!, 'http://relative.invalid').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}

export function valueAt(place: Place, answer: PageAnswer): unknown {
  switch (place.in) {
    case 'body':
      return at(answer.body, place.path);
    case 'header':
      return answer.headers[place.name];
    case 'link':
      return linkCursor(answer.headers.link, place.rel);
    case 'none':
      return undefined;
  }
}

/** A place as FLEET_CUSTOMER_LIST_FIELDS writes it. */
export function placeText(place: FlagPlace): string {
  const not = place.negated ? '!' : '';
  switch (place.in) {
    case 'body':
      return `${not}${place.path.join('.')}`;
    case 'header':
      return `${not}header:${place.name}`;
    case 'link':
      return `${not}link:${place.rel}`;
    case 'none':
      return 'none';
  }
}
