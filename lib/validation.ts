/**
 * The schemas of schemas/ compiled once into one Ajv (JSON Schema 2020-12) registry.
 * Specs never call this directly: the client's response checks do, through a fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const schemasDir = join(import.meta.dirname, '..', 'schemas');

export interface SchemaError {
  /** JSON pointer into the validated document. */
  pointer: string;
  message: string;
  /** The property a `required` error misses. */
  missing?: string;
}

export interface SchemaRegistry {
  /** Every schema `$id` known to the registry. */
  ids: string[];
  validate(schemaId: string, data: unknown): SchemaError[];
  schema(schemaId: string): Record<string, unknown>;
}

export class SchemaCompileError extends Error {}

/**
 * An `anyOf` of `required` singletons is the presence rule "an element shows at least one of its
 * documented fields" (register ASSUME-FIELD-PRESENCE): its failure becomes one error at the
 * element, naming the fields, instead of one "must have required property" per field.
 */
function collapsePresence(errors: ErrorObject[]): ErrorObject[] {
  const branchesOf = (anyOf: ErrorObject) =>
    errors.filter(
      (e) => e !== anyOf && e.instancePath === anyOf.instancePath && e.schemaPath.startsWith(`${anyOf.schemaPath}/`)
    );
  const presence = errors.filter((e) => e.keyword === 'anyOf' && branchesOf(e).every((b) => b.keyword === 'required'));
  const dropped = new Set(presence.flatMap(branchesOf));
  return errors
    .filter((e) => !dropped.has(e))
    .map((e) => {
      if (!presence.includes(e)) return e;
      const fields = branchesOf(e).map((b) => (b.params as { missingProperty: string }).missingProperty);
      return { ...e, message: `shows none of its documented fields (${fields.join(', ')})` };
    });
}

function toSchemaErrors(errors: ErrorObject[] | null | undefined): SchemaError[] {
  return collapsePresence(errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
        : '';
    const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : undefined;
    // A property the schema sets to `false` is one the document says is not there.
    const message = e.keyword === 'false schema' ? 'must be absent' : `${e.message ?? e.keyword}${extra}`;
    return { pointer: e.instancePath || '/', message, ...(missing ? { missing } : {}) };
  });
}

/** Reads every `*.json` body schema of `dir` (openapi.json aside), keyed by `$id` (= file name). */
export function readSchemas(dir = schemasDir): Map<string, Record<string, unknown>> {
  const sources = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'openapi.json')
    .sort()) {
    let schema: Record<string, unknown>;
    try {
      schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new SchemaCompileError(`schema ${file} is not valid JSON: ${(e as Error).message}`);
    }
    if (schema.$id !== file)
      throw new SchemaCompileError(`schema ${file} must have "$id": "${file}" (found ${JSON.stringify(schema.$id)})`);
    sources.set(file, schema);
  }
  return sources;
}

/** An Ajv (2020-12, formats, strict) holding every schema of `sources`, addressable by `$id`. */
export function createAjv(
  sources = readSchemas(),
  options: { coerceTypes?: boolean; useDefaults?: boolean } = {}
): Ajv2020 {
  // strictRequired off: the presence branches (`anyOf` of `required`) name properties their parent declares.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, ...options });
  addFormats(ajv);
  for (const [id, schema] of sources) {
    try {
      ajv.addSchema(schema);
    } catch (e) {
      throw new SchemaCompileError(`schema ${id} is not a valid JSON Schema 2020-12: ${(e as Error).message}`);
    }
  }
  return ajv;
}

/** Compiles every schema of `dir` up front, so that a broken schema fails at start, naming itself. */
export function loadSchemas(dir = schemasDir): SchemaRegistry {
  const sources = readSchemas(dir);
  const ajv = createAjv(sources);
  const compiled = new Map<string, ValidateFunction>();
  for (const id of sources.keys()) {
    try {
      compiled.set(id, ajv.getSchema(id) as ValidateFunction);
    } catch (e) {
      throw new SchemaCompileError(`schema ${id} does not compile: ${(e as Error).message}`);
    }
  }
  return {
    ids: [...sources.keys()],
    validate(schemaId, data) {
      const fn = compiled.get(schemaId);
      if (!fn) throw new SchemaCompileError(`no schema with $id "${schemaId}" in ${dir}`);
      return fn(data) ? [] : toSchemaErrors(fn.errors);
    },
    schema(schemaId) {
      const s = sources.get(schemaId);
      if (!s) throw new SchemaCompileError(`no schema with $id "${schemaId}" in ${dir}`);
      return s;
    },
  };
}
