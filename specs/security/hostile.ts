/**
 * Hostile input for the no-5xx tables: strings, numbers, path segments, malformed bodies and
 * wrong media types, and the variants of a valid body that put them in place one at a time.
 */
import type { CallOptions } from '../../lib/client.js';

export type Variant = Pick<CallOptions, 'body' | 'rawBody' | 'contentType'> & { label: string };

export const hostileStrings: [label: string, value: string][] = [
  ['SQL injection', "' OR '1'='1' --"],
  ['stacked SQL', '1; DROP TABLE customers; --'],
  ['NoSQL operator as text', '{"$gt": ""}'],
  ['script tag', '<script>alert(1)</script>'],
  ['path traversal', '../../etc/passwd'],
  ['NUL byte', 'a\u0000b'],
  ['percent-encoded NUL', '%00'],
  ['CRLF header injection', 'a\r\nSet-Cookie: injected=1'],
  ['control characters', '\u0001\u0002\u0007\u001b\u007f\u0085'],
  ['format string', '%s%s%s%n%x'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template expression is the hostile input itself
  ['template expression', '${7*7}{{7*7}}#{7*7}'],
  ['LDAP filter', '*)(|(uid=*))'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['astral, bidi override, BOM, zero-width', '\u{1F600}\u{1D518}\u202e\ufeff\u200b'],
  ['empty', ''],
  ['blanks only', '   \t '],
];

/** Numbers as JSON literals (some beyond what a double holds). */
export const hugeNumbers: string[] = [
  '1e308',
  '-1e308',
  '18446744073709551616',
  '1e400',
  '99999999999999999999999999999999',
  '1.5',
  '-1',
  '0',
];

/** The same, as text in a query string or path. */
export const numberTexts: string[] = [...hugeNumbers, 'NaN', 'Infinity', '0x10', '1e5'];

export const hostilePathSegments: [label: string, segment: string][] = [
  ['negative id', '-1'],
  ['float id', '1.5'],
  ['id beyond 64 bits', '99999999999999999999'],
  ['exponent', '1e308'],
  ['hex', '0x1F'],
  ['encoded traversal to master data', '..%2F..%2Fmaster%2Fall'],
  ['encoded dot-dot-slash', '%2e%2e%2fmaster'],
  ['double-encoded traversal', '..%252f..%252fmaster'],
  ['encoded NUL', '%00'],
  ['encoded CRLF', '%0d%0aSet-Cookie:%20injected=1'],
  ['lone percent', '%'],
  ['invalid percent-encoding', '%zz'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ...hostileStrings
    .filter(([label]) =>
      [
        'SQL injection',
        'NoSQL operator as text',
        'script tag',
        'control characters',
        'astral, bidi override, BOM, zero-width',
      ].includes(label)
    )
    .map(([label, value]): [string, string] => [label, encodeURIComponent(value)]),
];

export const malformedBodies: [label: string, raw: string][] = [
  ['an unclosed object', '{'],
  ['a missing value', '{"a":'],
  ['an unclosed array', '['],
  ['a cut-off literal', 'nul'],
  ['a trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['two objects', '{"a":1}{"b":2}'],
  ['a NUL byte', '\u0000'],
  ['a lone surrogate escape', '{"a":"\\ud800"}'],
  ['a JSON string', '"text"'],
  ['a JSON number', '123'],
  ['JSON null', 'null'],
  ['an array', '[]'],
  ['arrays nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['2 MB of text', `{"a":"${'x'.repeat(2_000_000)}"}`],
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const RAW = '\u0000raw\u0000';

function nodes(value: Json, path: Path = []): { path: Path; value: Json }[] {
  const children = Array.isArray(value)
    ? value.map((v, i) => nodes(v, [...path, i]))
    : value !== null && typeof value === 'object'
      ? Object.entries(value).map(([k, v]) => nodes(v, [...path, k]))
      : [];
  return [...(path.length ? [{ path, value }] : []), ...children.flat()];
}

function setAt(body: Json, path: Path, value: Json): Json {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  parent[path.at(-1)!] = value;
  return copy;
}

const show = (path: Path) => path.join('.');

/** A wrong JSON type for `value`: never the type it has. */
function wrongTypes(value: Json): Json[] {
  const all: Json[] = [12345, { $gt: '' }, [], null, true, 'text'];
  const kind = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return all.filter((v) => kind(v) !== kind(value));
}

export interface BodyTarget {
  /** A valid body. */
  base: object;
  /** The run id: a string that starts with it keeps it, so that whatever is created stays marked. */
  runId: string;
  /** Optional string fields absent from `base` that also get hostile strings. */
  alsoStrings?: string[];
  /**
   * A field whose value keeps the body refused (the base carries a wrong value there); it only ever
   * gets other values that must be refused too, so that an operation that cannot be undone never runs.
   */
  guard?: string;
}

/** One variant per hostile value, each in one place of the body (cycling over the fields of a kind). */
export function bodyVariants(target: BodyTarget): Variant[] {
  const { runId, guard } = target;
  const base = target.base as Json;
  const all = nodes(base);
  const free = all.filter((n) => show(n.path) !== guard);
  const strings = [
    ...free.filter((n) => typeof n.value === 'string').map((n) => n.path),
    ...(target.alsoStrings ?? []).map((f) => [f]),
  ];
  const numbers = all.filter((n) => typeof n.value === 'number' || show(n.path) === guard).map((n) => n.path);
  const variants: Variant[] = [];

  if (strings.length) {
    hostileStrings.forEach(([label, value], i) => {
      const path = strings[i % strings.length]!;
      const current = nodes(base).find((n) => show(n.path) === show(path))?.value;
      const marked = typeof current === 'string' && current.startsWith(runId) ? `${runId}${value}` : value;
      variants.push({ label: `${label} in ${show(path)}`, body: setAt(base, path, marked) });
    });
  }
  free.forEach(({ path, value }, i) => {
    const choices = wrongTypes(value);
    const wrong = choices[i % choices.length]!;
    variants.push({ label: `${JSON.stringify(wrong)} (wrong type) in ${show(path)}`, body: setAt(base, path, wrong) });
  });
  if (guard) {
    for (const wrong of ['text', { $gt: '' }, []] as Json[]) {
      variants.push({ label: `${JSON.stringify(wrong)} (wrong type) in ${guard}`, body: setAt(base, [guard], wrong) });
    }
  }
  if (numbers.length) {
    const count = Math.max(hugeNumbers.length, numbers.length);
    for (let i = 0; i < count; i++) {
      const literal = hugeNumbers[i % hugeNumbers.length]!;
      const path = numbers[i % numbers.length]!;
      variants.push({
        label: `${literal} in ${show(path)}`,
        rawBody: JSON.stringify(setAt(base, path, RAW)).replace(JSON.stringify(RAW), literal),
      });
    }
  }
  for (const [label, raw] of malformedBodies) variants.push({ label: `a body of ${label}`, rawBody: raw });
  const text = JSON.stringify(base);
  variants.push(
    { label: 'JSON sent as text/plain', rawBody: text, contentType: 'text/plain' },
    {
      label: 'XML sent as application/xml',
      rawBody: '<?xml version="1.0"?><request><a>1</a></request>',
      contentType: 'application/xml',
    },
    {
      label: 'a form sent as application/x-www-form-urlencoded',
      rawBody: 'a=1&b=%00',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'JSON with a byte-order mark', rawBody: `\ufeff${text}` }
  );
  return variants;
}
