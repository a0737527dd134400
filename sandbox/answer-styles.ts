/**
 * How servers of other styles write the same answer, where the document does not say how a value
 * is written (the variants null-for-absent and defaults-omitted, sandbox/variant-hooks.ts). Each
 * reads the answer against its schema: a member the document says is present (the schema requires
 * it) is written as it is, and one it says is absent (a `false` schema) stays absent.
 */
import { resolve, type SchemaNode } from '../lib/schema-nodes.js';

export type Schemas = { schema(id: string): SchemaNode };
type Place = [SchemaNode, string] | undefined;
export type Rewrite = (schemas: Schemas, value: unknown, place: Place) => unknown;

/** A JSON default (proto3's): false, 0, "" and []. */
const isDefault = (v: unknown) => v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0);

/** As a server that serialises every declared field writes it (Jackson, .NET): a documented member without a value, and an empty text, are null. */
export const withNulls: Rewrite = (schemas, value, place) => {
  const node = place && resolve(schemas, place[0], place[1]);
  if (Array.isArray(value)) return value.map((v) => withNulls(schemas, v, node?.items));
  if (!value || typeof value !== 'object' || !node?.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, [member]] of Object.entries(node.properties)) {
    if ((member as unknown) !== false && !node.required.has(key) && !(key in value)) out[key] = null;
  }
  for (const [key, v] of Object.entries(value))
    out[key] = v === '' && !node.required.has(key) ? null : withNulls(schemas, v, node.properties[key]);
  return out;
};

/** As proto3's JSON mapping writes it (grpc-gateway): a member holding false, 0, "" or [] is left out. */
export const withoutDefaults: Rewrite = (schemas, value, place) => {
  const node = place && resolve(schemas, place[0], place[1]);
  if (Array.isArray(value)) return value.map((v) => withoutDefaults(schemas, v, node?.items));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => node?.required.has(key) || !isDefault(v))
      .map(([key, v]) => [key, withoutDefaults(schemas, v, node?.properties?.[key])])
  );
};
