/**
 * The body schemas (schemas/) as a map of a body: what they say of one place of it. The suite's
 * checks read answers with it, the sandbox writes its variants' answers with it.
 */
import type { SchemaRegistry } from './validation.js';

export type SchemaNode = Record<string, unknown>;

/** What a schema says of one place of a body: its members (each with the document it sits in), its items, the members it requires. */
export interface ResolvedNode {
  properties?: Record<string, [SchemaNode, string]>;
  items?: [SchemaNode, string];
  required: ReadonlySet<string>;
}

type Schemas = Pick<SchemaRegistry, 'schema'>;

/** What each registry's nodes resolved to: every answer is read place by place, and the schemas never change. */
const resolved = new WeakMap<Schemas, WeakMap<SchemaNode, Map<string, ResolvedNode>>>();

/** Follows `$ref` (by `$id`, or `#/$defs/...` inside the current document) and merges `properties` and `required`. */
export function resolve(schemas: Schemas, node: SchemaNode, docId: string): ResolvedNode {
  // A boolean schema (`false`: the member must be absent) says nothing of what lies below.
  if (typeof node !== 'object' || node === null) return { required: new Set() };
  const byNode = resolved.get(schemas) ?? new WeakMap<SchemaNode, Map<string, ResolvedNode>>();
  resolved.set(schemas, byNode);
  const byDoc = byNode.get(node) ?? new Map<string, ResolvedNode>();
  byNode.set(node, byDoc);
  const known = byDoc.get(docId);
  if (known) return known;
  const found = follow(schemas, node, docId);
  byDoc.set(docId, found);
  return found;
}

function follow(schemas: Schemas, node: SchemaNode, docId: string): ResolvedNode {
  let properties: Record<string, [SchemaNode, string]> | undefined;
  let items: [SchemaNode, string] | undefined;
  const required = new Set<string>();
  let current: SchemaNode | undefined = node;
  let currentDoc = docId;
  for (let depth = 0; current && depth < 10; depth++) {
    if (current.properties) {
      properties ??= {};
      for (const [k, v] of Object.entries(current.properties as Record<string, SchemaNode>))
        properties[k] ??= [v, currentDoc];
    }
    for (const name of (current.required as string[] | undefined) ?? []) required.add(name);
    if (current.items && !items) items = [current.items as SchemaNode, currentDoc];
    const ref = current.$ref as string | undefined;
    if (!ref) break;
    if (ref.startsWith('#/')) {
      current = ref
        .slice(2)
        .split('/')
        .reduce<SchemaNode | undefined>((n, key) => n?.[key] as SchemaNode | undefined, schemas.schema(currentDoc));
    } else {
      currentDoc = ref;
      current = schemas.schema(ref);
    }
  }
  return { ...(properties ? { properties } : {}), ...(items ? { items } : {}), required };
}
