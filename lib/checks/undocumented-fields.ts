import { resolve, type SchemaNode } from '../schema-nodes.js';
import type { SchemaRegistry } from '../validation.js';
import { documentedBody, responseSchemaFor } from './response-schema-conformance.js';
import type { Check, Finding } from './types.js';

/** Pointers (array indices as `*`) of object members the schema does not describe. */
export function undocumentedProperties(schemas: SchemaRegistry, schemaId: string, data: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: SchemaNode, doc: string, value: unknown, pointer: string, pattern: string) => {
    const { properties, items } = resolve(schemas, node, doc);
    if (Array.isArray(value)) {
      if (items)
        value.forEach((v, i) => {
          walk(items[0], items[1], v, `${pointer}/${i}`, `${pattern}/*`);
        });
    } else if (value && typeof value === 'object' && properties) {
      for (const [key, v] of Object.entries(value)) {
        const prop = properties[key];
        if (prop) walk(prop[0], prop[1], v, `${pointer}/${key}`, `${pattern}/${key}`);
        else if (!found.has(`${pattern}/${key}`)) found.set(`${pattern}/${key}`, `${pointer}/${key}`);
      }
    }
  };
  walk(schemas.schema(schemaId), schemaId, data, '', '');
  return found;
}

/** Fields the document does not describe are drift: reported, never failed. */
export const undocumentedFields: Check = {
  name: 'undocumented_fields',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run(ctx) {
    const schemaId = responseSchemaFor(ctx.operation, ctx.exchange.response.status);
    if (!schemaId || !ctx.exchange.response.isJson) return [];
    return [...undocumentedProperties(ctx.schemas, schemaId, documentedBody(ctx))].map(
      ([pattern, example]): Finding => ({
        kind: 'drift',
        check: this.name,
        rule: this.rule,
        title: `undocumented field ${pattern}`,
        where: pattern,
        received: example,
        documented: schemaId,
      })
    );
  },
};
