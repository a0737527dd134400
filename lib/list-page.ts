/**
 * The customer list page: "its shape is not shown; the list takes limit and cursor parameters"
 * (ASSUME-CUSTOMER-LIST-PAGE). FLEET_CUSTOMER_LIST_FIELDS says where a page keeps its customers,
 * the next page's cursor and whether more pages follow:
 *
 *   customers=<path>,nextCursor=<place>,hasNextPage=<place>
 *
 *   <path>   a property of the body (`customers`), a nested one (`paging.items`), or `.`: the body itself, a bare array
 *   <place>  a <path>; `header:<name>`, a response header; `link:<rel>`, the cursor parameter of the URL the
 *            Link header gives for that relation (`link:next`)
 *   hasNextPage also takes `none` (more pages follow while a next cursor is given) and `!<place>` (a flag
 *   that says the opposite, such as lastPage)
 *
 * Default: customers=customers,nextCursor=nextCursor,hasNextPage=hasNextPage (the card list's shape).
 * A page is read into the documented names ({customers, nextCursor, hasNextPage} next to whatever
 * else it holds), so that checks and specs never see the server's own layout.
 */
export type Place =
  | { in: 'body'; path: string[] }
  | { in: 'header'; name: string }
  | { in: 'link'; rel: string }
  | { in: 'none' };

export interface CustomerListFields {
  /** Where the customers are; [] = the body itself. */
  customers: string[];
  nextCursor: Place;
  hasNextPage: Place & { negated?: true };
  /** The setting as written (shown in the drift report and in messages). */
  text: string;
}

export const DEFAULT_LIST_FIELDS = 'customers=customers,nextCursor=nextCursor,hasNextPage=hasNextPage';

/** A bad FLEET_CUSTOMER_LIST_FIELDS, in one line (lib/config.ts turns it into a ConfigError). */
export class ListFieldsError extends Error {}

const NAME = /^[A-Za-z_][\w-]*$/;

function parsePath(value: string, key: string): string[] {
  if (value === '.') return [];
  const path = value.split('.');
  if (!path.every((p) => NAME.test(p))) throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: ${key}="${value}" is not a property path (e.g. customers, paging.next, or . for the body itself)`);
  return path;
}

function parsePlace(value: string, key: string): Place {
  const m = /^(header|link):(.+)$/.exec(value);
  if (m?.[1] === 'header') {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(m[2]!)) throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: ${key}="${value}": "${m[2]}" is not a header name`);
    return { in: 'header', name: m[2]!.toLowerCase() };
  }
  if (m?.[1] === 'link') return { in: 'link', rel: m[2]!.toLowerCase() };
  const path = parsePath(value, key);
  if (!path.length) throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: ${key}=. names the body itself; only customers may`);
  return { in: 'body', path };
}

export function parseCustomerListFields(value: string | undefined): CustomerListFields {
  const text = value?.trim() || DEFAULT_LIST_FIELDS;
  const given = new Map<string, string>();
  for (const part of text.split(',')) {
    const m = /^\s*(customers|nextCursor|hasNextPage)\s*=\s*(\S+)\s*$/.exec(part);
    if (!m) throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: "${part.trim()}" is not customers=<path>, nextCursor=<place> or hasNextPage=<place> (see .env.example)`);
    given.set(m[1]!, m[2]!);
  }
  const defaults = new Map(DEFAULT_LIST_FIELDS.split(',').map((p) => p.split('=') as [string, string]));
  const of = (key: string) => given.get(key) ?? defaults.get(key)!;
  const customers = parsePath(of('customers'), 'customers');
  const nextCursor = parsePlace(of('nextCursor'), 'nextCursor');
  const flag = of('hasNextPage');
  const negated = flag.startsWith('!');
  const hasNextPage = flag === 'none' ? { in: 'none' as const } : { ...parsePlace(negated ? flag.slice(1) : flag, 'hasNextPage'), ...(negated ? { negated: true as const } : {}) };
  if (!customers.length && (nextCursor.in === 'body' || hasNextPage.in === 'body')) {
    throw new ListFieldsError('FLEET_CUSTOMER_LIST_FIELDS: customers=. makes the page a bare array, which has no properties: take nextCursor and hasNextPage from header:<name>, link:<rel> or none');
  }
  return { customers, nextCursor, hasNextPage, text: ['customers', 'nextCursor', 'hasNextPage'].map((k) => `${k}=${of(k)}`).join(',') };
}

export interface PageAnswer {
  body?: unknown;
  headers: Record<string, string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

function at(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
}

/** `root` without the value at `path` (and without objects left empty by its removal). */
function without(root: Json, path: string[]): Json {
  const [key, ...rest] = path;
  const copy = { ...root };
  if (!rest.length || !isObject(copy[key!])) delete copy[key!];
  else {
    const inner = without(copy[key!] as Json, rest);
    if (Object.keys(inner).length) copy[key!] = inner;
    else delete copy[key!];
  }
  return copy;
}

/** The cursor parameter of the URL the Link header gives for `rel` (RFC 8288: `<url>; rel="next"`). */
function linkCursor(header: string | undefined, rel: string): string | undefined {
  for (const link of (header ?? '').split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(link);
    const rels = /;\s*rel="?([^";]+)"?/i.exec(m?.[2] ?? '')?.[1]?.toLowerCase().split(/\s+/) ?? [];
    if (m && rels.includes(rel)) return new URL(m[1]!, 'http://relative.invalid').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}

function valueAt(place: Place, answer: PageAnswer): unknown {
  switch (place.in) {
    case 'body': return at(answer.body, place.path);
    case 'header': return answer.headers[place.name];
    case 'link': return linkCursor(answer.headers.link, place.rel);
    case 'none': return undefined;
  }
}

/** A flag from a header is text: "true" and "false" are read as booleans, anything else kept as it is. */
function flagOf(place: Place & { negated?: true }, answer: PageAnswer, nextCursor: unknown): unknown {
  if (place.in === 'none') return nextCursor !== undefined;
  if (place.in === 'link') return valueAt(place, answer) !== undefined;
  let flag = valueAt(place, answer);
  if (place.in === 'header' && (flag === 'true' || flag === 'false')) flag = flag === 'true';
  if (flag === undefined) return undefined;
  return place.negated && typeof flag === 'boolean' ? !flag : flag;
}

export type DocumentedPage = { fits: true; page: Json } | { fits: false; why: string };

/** The page under the documented names, or why it does not fit the setting. */
export function documentedPage(answer: PageAnswer, fields: CustomerListFields): DocumentedPage {
  const { body } = answer;
  const customers = fields.customers.length ? at(body, fields.customers) : body;
  if (!Array.isArray(customers)) {
    const shape = Array.isArray(body) ? 'a JSON array' : isObject(body) ? `an object with ${Object.keys(body).join(', ') || 'no property'}` : 'no JSON object';
    return { fits: false, why: `the customer list answered ${shape}: FLEET_CUSTOMER_LIST_FIELDS=${fields.text} finds no array of customers at ${fields.customers.join('.') || '.'}` };
  }
  let rest: Json = isObject(body) ? without(body, fields.customers) : {};
  for (const place of [fields.nextCursor, fields.hasNextPage]) if (place.in === 'body' && isObject(rest)) rest = without(rest, place.path);
  const nextCursor = valueAt(fields.nextCursor, answer);
  const hasNextPage = flagOf(fields.hasNextPage, answer, nextCursor);
  return { fits: true, page: { ...rest, customers, ...(hasNextPage !== undefined ? { hasNextPage } : {}), ...(nextCursor !== undefined ? { nextCursor } : {}) } };
}

const CURSOR_NAME = /cursor|next/i;
const FLAG_NAME = /has.?next|more/i;
const LAST_NAME = /last/i;

/** Properties of `node` (and of the objects inside it, one level down) whose value passes `keep`, as paths. */
function paths(node: unknown, keep: (key: string, value: unknown) => boolean, prefix: string[] = [], depth = 0): string[][] {
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([k, v]) => [
    ...(keep(k, v) ? [[...prefix, k]] : []),
    ...(depth < 1 ? paths(v, keep, [...prefix, k], depth + 1) : []),
  ]);
}

/** A FLEET_CUSTOMER_LIST_FIELDS that would read `answer`, guessed from its shape; undefined when nothing looks like a page. */
export function guessCustomerListFields(answer: PageAnswer): string | undefined {
  const { body, headers } = answer;
  const list = Array.isArray(body) ? [] : paths(body, (_k, v) => Array.isArray(v))[0];
  if (!list) return undefined;
  const header = Object.keys(headers).find((h) => h !== 'link' && CURSOR_NAME.test(h) && !/^(content|access-control)/.test(h));
  const cursorPath = paths(body, (k, v) => typeof v === 'string' && CURSOR_NAME.test(k))[0];
  const nextCursor = header ? `header:${header}` : linkCursor(headers.link, 'next') !== undefined ? 'link:next'
    : cursorPath ? cursorPath.join('.') : Array.isArray(body) ? 'header:<the header that carries the next cursor>' : undefined;
  const flagPath = paths(body, (k, v) => typeof v === 'boolean' && FLAG_NAME.test(k))[0];
  const lastPath = paths(body, (k, v) => typeof v === 'boolean' && LAST_NAME.test(k))[0];
  const hasNextPage = flagPath ? flagPath.join('.') : lastPath ? `!${lastPath.join('.')}` : 'none';
  return `customers=${list.join('.') || '.'}${nextCursor ? `,nextCursor=${nextCursor}` : ''},hasNextPage=${hasNextPage}`;
}
