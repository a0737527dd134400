/**
 * How a server writes a value it does not have is not shown (register ASSUME-NULL-VALUES): "Types
 * are JSON types unless stated", "Which Customer and Card fields are always present: not shown". A
 * member whose value is JSON null is read as absent, but where the document states the member
 * present (its schema requires it: orderReference, the created customerAccountNumber, the ten
 * master-data arrays, errorCode and errorDescription, message): there a null stays, and breaks the
 * rule that states it. The checks and the specs read the body so; the exchange keeps it as received.
 */
import type { Exchange } from '../exchange.js';
import type { Operation } from '../operations.js';
import { resolve, type SchemaNode } from '../schema-nodes.js';
import type { SchemaRegistry } from '../validation.js';
import { responseSchemaFor } from './response-schema-conformance.js';
import type { BodyRead } from './types.js';

type Place = [node: SchemaNode, doc: string] | undefined;

/** `body` read against schema `schemaId` (undefined: the document states no member of it present). */
export function readAbsentNulls(schemas: SchemaRegistry, schemaId: string | undefined, body: unknown): BodyRead {
  const nulls: string[] = [];
  const read = (value: unknown, place: Place, pointer: string): unknown => {
    const node = place && resolve(schemas, place[0], place[1]);
    if (Array.isArray(value)) return value.map((v, i) => read(v, node?.items, `${pointer}/${i}`));
    if (!value || typeof value !== 'object') return value;
    const kept: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v === null && !node?.required.has(key)) nulls.push(`${pointer}/${key}`);
      else kept[key] = read(v, node?.properties?.[key], `${pointer}/${key}`);
    }
    return kept;
  };
  const kept = read(body, schemaId ? [schemas.schema(schemaId), schemaId] : undefined, '');
  return nulls.length ? { body: kept, nulls } : { body, nulls };
}

/** The body of an answer as the suite reads it, against the schema of its operation and status. */
export function bodyAsRead(exchange: Exchange, operation: Operation, schemas: SchemaRegistry): BodyRead {
  return readAbsentNulls(schemas, responseSchemaFor(operation, exchange.response.status), exchange.response.body);
}
