/**
 * What FLEET_CUSTOMER_LIST_FIELDS leaves unset, found in the answer itself (ASSUME-CUSTOMER-LIST-PAGE).
 * The document does not show the page, so the suite looks where a server written from it may keep
 * each part: the card list's names at the top level first, then names of the same kind one level
 * down (paging.hasNextPage, meta.nextCursor, page.more), then a cursor in a header or a Link
 * rel="next"; the customers are `customers`, the body itself when it is an array, or the page's
 * only array. Each answer is read on its own, always the same way: a last page may leave its
 * cursor out.
 */
import { at, type FlagPlace, isObject, linkCursor, type PageAnswer, type Place, paths } from './list-page-places.js';

/** "limit (integer, default 50)" */
const DEFAULT_LIMIT = 50;

/** Names of each kind, compared without case, `_` and `-`, the document's own first. */
const CURSOR_NAMES = ['nextcursor', 'nextpagecursor', 'nextpagetoken', 'nexttoken', 'continuationtoken', 'next'];
const MORE_NAMES = ['hasnextpage', 'hasmore', 'hasnext', 'hasmorepages', 'morepages', 'more', 'nextpage'];
/** Flags that say the opposite: the card list's lastPage. */
const LAST_NAMES = ['lastpage', 'islastpage', 'islast', 'last'];
const FLAG_NAMES = ['hasnextpage', 'lastpage', ...MORE_NAMES.slice(1), ...LAST_NAMES.slice(1)];
/** The page size the server says it used (it may cap the limit asked). */
const LIMIT_NAMES = ['limit', 'pagesize', 'perpage'];
const CURSOR_HEADER = /cursor|continuation|(^|-)next(-|$)/i;

const nameOf = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** The nearest property named one of `names` whose value `fits`: the body's own before those one level down, then in the order of `names`. */
function nearest(body: unknown, names: string[], fits: (value: unknown) => boolean): string[] | undefined {
  const rank = (path: string[]) => (path.length - 1) * names.length + names.indexOf(nameOf(path.at(-1)!));
  return paths(body, (k, v) => names.includes(nameOf(k)) && fits(v)).sort((a, b) => rank(a) - rank(b))[0];
}

/** A URL (a `next` link) is no cursor: sent as one, it would be refused. */
const isUrl = (v: string) => /^https?:\/\//i.test(v) || v.includes('?');

export function customersFound(body: unknown): string[] | undefined {
  if (Array.isArray(body)) return [];
  if (isObject(body) && Array.isArray(body.customers)) return ['customers'];
  const arrays = paths(body, (_k, v) => Array.isArray(v));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** A property that holds the next cursor (null or absent on a last page), else a header, else a Link rel="next". */
export function cursorFound(answer: PageAnswer): Place | undefined {
  const path = nearest(answer.body, CURSOR_NAMES, (v) => v === null || (typeof v === 'string' && !isUrl(v)));
  if (path) return { in: 'body', path };
  const header = Object.keys(answer.headers).find(
    (h) => h !== 'link' && CURSOR_HEADER.test(h) && !/^(content|access-control)/.test(h)
  );
  if (header) return { in: 'header', name: header };
  return linkCursor(answer.headers.link, 'next') !== undefined ? { in: 'link', rel: 'next' } : undefined;
}

export function flagFound(body: unknown): FlagPlace | undefined {
  const path = nearest(body, FLAG_NAMES, (v) => typeof v === 'boolean');
  return path && { in: 'body', path, ...(LAST_NAMES.includes(nameOf(path.at(-1)!)) ? { negated: true as const } : {}) };
}

/** How many customers fill a page: the limit asked (without one, the document's default), or fewer where the page says it used fewer. */
export function pageSize(answer: PageAnswer): number {
  const asked = Number(
    new URLSearchParams(answer.exchange?.request.path.split('?')[1] ?? '').get('limit') ?? DEFAULT_LIMIT
  );
  const said = nearest(answer.body, LIMIT_NAMES, (v) => Number.isInteger(v) && (v as number) > 0);
  return Math.min(
    Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_LIMIT,
    said ? (at(answer.body, said) as number) : Number.POSITIVE_INFINITY
  );
}
