/**
 * The customer list page: "its shape is not shown; the list takes limit and cursor parameters"
 * (ASSUME-CUSTOMER-LIST-PAGE). FLEET_CUSTOMER_LIST_FIELDS says where a page keeps its customers,
 * the next page's cursor and whether more pages follow; what it leaves unset (by default all three)
 * is found in each answer (lib/list-page-find.ts):
 *
 *   customers=<path>,nextCursor=<place>,hasNextPage=<place>   (any of the three, in any order)
 *
 *   <path>   a property of the body (`customers`), a nested one (`paging.items`), or `.`: the body itself, a bare array
 *   <place>  a <path>; `header:<name>`, a response header; `link:<rel>`, the cursor parameter of the URL the
 *            Link header gives for that relation (`link:next`)
 *   hasNextPage also takes `none` (more pages follow while a next cursor is given) and `!<place>` (a flag
 *   that says the opposite, such as lastPage)
 *
 * A page is read into the documented names ({customers, nextCursor, hasNextPage} next to whatever
 * else it holds), so that checks and specs never see the server's own layout.
 */
import { cursorFound, customersFound, flagFound, pageSize } from './list-page-find.js';
import {
  at,
  type FlagPlace,
  isObject,
  type Json,
  linkCursor,
  type PageAnswer,
  type Place,
  paths,
  placeText,
  valueAt,
} from './list-page-places.js';

export interface CustomerListFields {
  /** Where the customers are; [] = the body itself. Each one left undefined is found in every answer. */
  customers?: string[];
  nextCursor?: Place;
  hasNextPage?: FlagPlace;
  /** The setting as written, and what is found (shown in the drift report and in messages). */
  text: string;
}

const KEYS = ['customers', 'nextCursor', 'hasNextPage'] as const;

/** A bad FLEET_CUSTOMER_LIST_FIELDS, in one line (lib/config.ts turns it into a ConfigError). */
export class ListFieldsError extends Error {}

const NAME = /^[A-Za-z_][\w-]*$/;

function parsePath(value: string, key: string): string[] {
  if (value === '.') return [];
  const path = value.split('.');
  if (!path.every((p) => NAME.test(p)))
    throw new ListFieldsError(
      `FLEET_CUSTOMER_LIST_FIELDS: ${key}="${value}" is not a property path (e.g. customers, paging.next, or . for the body itself)`
    );
  return path;
}

function parsePlace(value: string, key: string): Place {
  const m = /^(header|link):(.+)$/.exec(value);
  if (m?.[1] === 'header') {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(m[2]!))
      throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: ${key}="${value}": "${m[2]}" is not a header name`);
    return { in: 'header', name: m[2]!.toLowerCase() };
  }
  if (m?.[1] === 'link') return { in: 'link', rel: m[2]!.toLowerCase() };
  const path = parsePath(value, key);
  if (!path.length)
    throw new ListFieldsError(`FLEET_CUSTOMER_LIST_FIELDS: ${key}=. names the body itself; only customers may`);
  return { in: 'body', path };
}

function parseFlag(value: string): FlagPlace {
  if (value === 'none') return { in: 'none' };
  const negated = value.startsWith('!');
  return {
    ...parsePlace(negated ? value.slice(1) : value, 'hasNextPage'),
    ...(negated ? { negated: true as const } : {}),
  };
}

export function parseCustomerListFields(value: string | undefined): CustomerListFields {
  const given = new Map<string, string>();
  for (const part of value?.trim() ? value.split(',') : []) {
    const m = /^\s*(customers|nextCursor|hasNextPage)\s*=\s*(\S+)\s*$/.exec(part);
    if (!m)
      throw new ListFieldsError(
        `FLEET_CUSTOMER_LIST_FIELDS: "${part.trim()}" is not customers=<path>, nextCursor=<place> or hasNextPage=<place> (see .env.example)`
      );
    given.set(m[1]!, m[2]!);
  }
  const customers = given.has('customers') ? parsePath(given.get('customers')!, 'customers') : undefined;
  const nextCursor = given.has('nextCursor') ? parsePlace(given.get('nextCursor')!, 'nextCursor') : undefined;
  const hasNextPage = given.has('hasNextPage') ? parseFlag(given.get('hasNextPage')!) : undefined;
  if (customers?.length === 0 && (nextCursor?.in === 'body' || hasNextPage?.in === 'body')) {
    throw new ListFieldsError(
      'FLEET_CUSTOMER_LIST_FIELDS: customers=. makes the page a bare array, which has no properties: take nextCursor and hasNextPage from header:<name>, link:<rel> or none'
    );
  }
  const unset = KEYS.filter((k) => !given.has(k));
  const text = [
    KEYS.filter((k) => given.has(k))
      .map((k) => `${k}=${given.get(k)}`)
      .join(','),
    unset.length ? `${unset.join(', ')} found in each answer` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    ...(customers ? { customers } : {}),
    ...(nextCursor ? { nextCursor } : {}),
    ...(hasNextPage ? { hasNextPage } : {}),
    text,
  };
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

const isCursor = (value: unknown) => typeof value === 'string' && value !== '';

/** A flag from a header is text: "true" and "false" are read as booleans, anything else kept as it is. */
function flagOf(place: FlagPlace, answer: PageAnswer, nextCursor: unknown): unknown {
  if (place.in === 'none') return isCursor(nextCursor);
  if (place.in === 'link') return valueAt(place, answer) !== undefined;
  let flag = valueAt(place, answer);
  if (place.in === 'header' && (flag === 'true' || flag === 'false')) flag = flag === 'true';
  if (flag === undefined) return undefined;
  return place.negated && typeof flag === 'boolean' ? !flag : flag;
}

/** Where one answer kept its parts: where the setting says, where they were found, or where the walk's earlier pages kept them. */
export interface PagePlaces {
  customers: string[];
  nextCursor?: Place;
  hasNextPage?: FlagPlace;
}

/** The places as a FLEET_CUSTOMER_LIST_FIELDS that reads them. */
export function placesText(places: PagePlaces): string {
  return [
    `customers=${places.customers.join('.') || '.'}`,
    ...(places.hasNextPage ? [`hasNextPage=${placeText(places.hasNextPage)}`] : []),
    ...(places.nextCursor ? [`nextCursor=${placeText(places.nextCursor)}`] : []),
  ].join(',');
}

export type DocumentedPage =
  | {
      fits: true;
      page: Json;
      places: PagePlaces;
      /** Why a walk cannot go on past this page (a configuration notice): it cannot tell whether more pages follow, or where. */
      unfollowable?: string;
    }
  | { fits: false; why: string };

const SILENT = "and the document does not show the page's shape: set FLEET_CUSTOMER_LIST_FIELDS";

/**
 * The page under the documented names, or why it does not fit the setting. `before`: the places of
 * the walk's page before it, where a last page that leaves its next-page fields out is read (absent,
 * they say no more follow).
 */
export function documentedPage(answer: PageAnswer, fields: CustomerListFields, before?: PagePlaces): DocumentedPage {
  const { body } = answer;
  // A page of no customer may leave its empty array out (proto3's JSON does): an object holding no array at all.
  const empty = isObject(body) && !paths(body, (_k, v) => Array.isArray(v)).length;
  const where = fields.customers ?? customersFound(body) ?? (empty ? ['customers'] : undefined);
  const found = where?.length ? at(body, where) : where && body;
  const customers = found === undefined && empty ? [] : found;
  if (!where || !Array.isArray(customers)) {
    const shape = Array.isArray(body)
      ? 'a JSON array'
      : isObject(body)
        ? `an object with ${Object.keys(body).join(', ') || 'no property'}`
        : 'no JSON object';
    return {
      fits: false,
      why: `the customer list answered ${shape}: ${where ? `FLEET_CUSTOMER_LIST_FIELDS sets customers=${where.join('.') || '.'}, which holds no array` : "no array of customers found (a customers property, a body that is an array, or the page's only array)"}`,
    };
  }
  const cursorPlace = fields.nextCursor ?? cursorFound(answer) ?? before?.nextCursor;
  const flagPlace = fields.hasNextPage ?? flagFound(body) ?? before?.hasNextPage;
  let rest: Json = isObject(body) ? without(body, where) : {};
  for (const place of [cursorPlace, flagPlace]) if (place?.in === 'body') rest = without(rest, place.path);
  const nextCursor = cursorPlace && valueAt(cursorPlace, answer);
  const hasNextPage = flagPlace ? flagOf(flagPlace, answer, nextCursor) : cursorPlace && isCursor(nextCursor);
  const places: PagePlaces = {
    customers: where,
    ...(cursorPlace ? { nextCursor: cursorPlace } : {}),
    ...(flagPlace ? { hasNextPage: flagPlace } : {}),
  };
  const read = placesText({ customers: where, ...(flagPlace ? { hasNextPage: flagPlace } : {}) });
  const unfollowable =
    !cursorPlace && !flagPlace && customers.length >= pageSize(answer)
      ? `customer list: a full page shows neither a next cursor nor a more-pages flag, ${SILENT} (this page reads with ${read},nextCursor=<its place>,hasNextPage=<its place, or none>)`
      : hasNextPage === true && !fields.nextCursor && !isCursor(nextCursor)
        ? `customer list: a page says more pages follow but shows no next cursor, ${SILENT} (this page reads with ${read},nextCursor=<its place>)`
        : undefined;
  return {
    fits: true,
    page: {
      ...rest,
      customers,
      ...(hasNextPage !== undefined ? { hasNextPage } : {}),
      ...(nextCursor !== undefined && nextCursor !== null ? { nextCursor } : {}),
    },
    places,
    ...(unfollowable ? { unfollowable } : {}),
  };
}

const CURSOR_NAME = /cursor|next/i;
const FLAG_NAME = /has.?next|more/i;
const LAST_NAME = /last/i;

/** A FLEET_CUSTOMER_LIST_FIELDS that would read `answer`, guessed from its shape; undefined when nothing looks like a page. */
export function guessCustomerListFields(answer: PageAnswer): string | undefined {
  const { body, headers } = answer;
  const list = Array.isArray(body) ? [] : paths(body, (_k, v) => Array.isArray(v))[0];
  if (!list) return undefined;
  const header = Object.keys(headers).find(
    (h) => h !== 'link' && CURSOR_NAME.test(h) && !/^(content|access-control)/.test(h)
  );
  const cursorPath = paths(body, (k, v) => typeof v === 'string' && CURSOR_NAME.test(k))[0];
  const nextCursor = header
    ? `header:${header}`
    : linkCursor(headers.link, 'next') !== undefined
      ? 'link:next'
      : cursorPath
        ? cursorPath.join('.')
        : Array.isArray(body)
          ? 'header:<the header that carries the next cursor>'
          : undefined;
  const flagPath = paths(body, (k, v) => typeof v === 'boolean' && FLAG_NAME.test(k))[0];
  const lastPath = paths(body, (k, v) => typeof v === 'boolean' && LAST_NAME.test(k))[0];
  const hasNextPage = flagPath ? flagPath.join('.') : lastPath ? `!${lastPath.join('.')}` : 'none';
  return `customers=${list.join('.') || '.'}${nextCursor ? `,nextCursor=${nextCursor}` : ''},hasNextPage=${hasNextPage}`;
}
