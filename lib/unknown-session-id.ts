/**
 * A sessionId that names no session, in the shape of the configured ones: which shape a server
 * takes for a session id is its own, and another shape may get "a second error answer" whose status
 * is not shown (ASSUME-SESSION-SECOND-ERROR), so only an id of the configured ids' shape is owed 404.
 */
import { randomInt } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Letters before a separator (`CS-`, `sess_`), and the first character after them (a version, a time's high part): a server may require them of every id. */
const PREFIX = /^([A-Za-z]*[^A-Za-z0-9])?./;
/** Where a UUID keeps its version and variant (RFC 9562): a server may check them. */
const UUID_KEPT = new Set([14, 19]);
const TRIES = 20;

export const isUuid = (id: string): boolean => UUID.test(id);

const kindOf = (c: string) =>
  /\d/.test(c) ? 'digit' : /[a-z]/.test(c) ? 'lower' : /[A-Z]/.test(c) ? 'upper' : undefined;

/**
 * An id like `ids[0]` that is none of `ids`: a UUID of the same version and variant where it is a
 * UUID; otherwise its prefix, its first character after it and its separators kept, every other
 * digit drawn anew, every other letter among the letters of its case the ids show.
 */
export function unknownSessionIdLike(ids: readonly string[]): string {
  const model = ids[0]!;
  const uuid = isUuid(model);
  const rest = (id: string) => (uuid ? id : id.slice(PREFIX.exec(id)?.[0].length ?? 0));
  const shown = new Map<string, string[]>();
  for (const c of ['0123456789', ...ids.map(rest)].flatMap((chars) => [...chars])) {
    const kind = kindOf(c);
    if (kind && !shown.get(kind)?.includes(c)) shown.set(kind, [...(shown.get(kind) ?? []), c]);
  }
  const hex = model === model.toLowerCase() ? '0123456789abcdef' : '0123456789ABCDEF';
  const start = model.length - rest(model).length;
  const draw = () =>
    [...model]
      .map((c, i) => {
        if (i < start || (uuid && UUID_KEPT.has(i))) return c;
        const pool = uuid ? (c === '-' ? undefined : [...hex]) : shown.get(kindOf(c) ?? '');
        return pool ? pool[randomInt(pool.length)]! : c;
      })
      .join('');
  let id = draw();
  for (let i = 0; i < TRIES && ids.includes(id); i++) id = draw();
  return id;
}
