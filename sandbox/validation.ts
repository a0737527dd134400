/**
 * Request validation of the sandbox: the project schemas (schemas/*.json) compiled once into two
 * Ajv registries (lib/validation.ts createAjv): a coercing one for querystring and path params,
 * a strict one for bodies. Faults that loosen a documented limit do it here, by patching the
 * schema before it is compiled, so that the route code stays the same with and without them.
 *
 * The body registry refuses properties other than those listed at every level of every body
 * (ASSUME-UNKNOWN-PROPERTIES; the card search's schema says so itself, as the document does):
 * the sandbox's choice where the document is silent, but the token request's, which OAuth 2.0
 * says to ignore. Under unknown-nested-properties-ignored only the top level of each body is
 * closed (and the whole card search), and the routes use the documented fields only.
 */

import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler } from 'fastify';
import { operation, operationIds } from '../lib/operations.js';
import { createAjv, readSchemas } from '../lib/validation.js';
import type { Problem } from './errors.js';
import type { FaultId, Faults } from './faults.js';
import type { Variants } from './variants.js';

type Json = Record<string, unknown>;

const props = (s: Json, name: string): Json => (s.properties as Json)[name] as Json;

/** Schema patches of the faults that loosen a documented limit (one schema change each). */
const schemaFaults: Partial<Record<FaultId, (schemas: Map<string, Json>) => void>> = {
  'customer-name-311-accepted': (s) => {
    props(s.get('customer-create-request.json')!, 'customerName').maxLength = 311;
  },
  'customer-business-reference-21-accepted': (s) => {
    props(s.get('customer-create-request.json')!, 'customerBusinessReference').maxLength = 21;
  },
  'customer-update-name-311-accepted': (s) => {
    props(s.get('customer-update-request.json')!, 'customerName').maxLength = 311;
  },
  'customer-update-business-reference-21-accepted': (s) => {
    props(s.get('customer-update-request.json')!, 'customerBusinessReference').maxLength = 21;
  },
  'customer-name-optional': (s) => {
    const create = s.get('customer-create-request.json')!;
    create.required = (create.required as string[]).filter((r) => r !== 'customerName');
  },
  'customer-business-reference-required': (s) => {
    (s.get('customer-create-request.json')!.required as string[]).push('customerBusinessReference');
  },
  'customer-address-incomplete-accepted': (s) => {
    props(s.get('customer-create-request.json')!, 'customerAddress').$ref = 'address.json';
  },
  'customer-update-address-incomplete-accepted': (s) => {
    props(s.get('customer-update-request.json')!, 'customerAddress').$ref = 'address.json';
  },
  'card-reprint-address-incomplete-accepted': (s) => {
    props(s.get('card-reprint-pin-request.json')!, 'cardAddress').$ref = 'address.json';
  },
  'contact-email-unchecked': (s) => {
    delete props(s.get('contact.json')!, 'emailAddress').format;
  },
  'customer-notes-201-accepted': (s) => {
    props(s.get('customer-notes-request.json')!, 'notes').maxLength = 201;
  },
  'card-notes-201-accepted': (s) => {
    props(s.get('card-status-change-request.json')!, 'notes').maxLength = 201;
  },
  'card-block-reason-optional': (s) => {
    delete s.get('card-status-change-request.json')!.required;
  },
  'card-search-limit-0-accepted': (s) => {
    props(s.get('card-search-request.json')!, 'limit').minimum = 0;
  },
  'card-search-unknown-property-accepted': (s) => {
    delete s.get('card-search-request.json')!.additionalProperties;
  },
  'card-search-filter-unknown-property-accepted': (s) => {
    delete props(s.get('card-search-request.json')!, 'filter').additionalProperties;
  },
  'order-customer-optional': (s) => {
    s.get('card-order-request.json')!.required = ['cards'];
  },
  'order-cards-optional': (s) => {
    s.get('card-order-request.json')!.required = ['customerAccountNumber'];
  },
  'customer-contact-optional': (s) => {
    const create = s.get('customer-create-request.json')!;
    create.required = (create.required as string[]).filter((r) => r !== 'customerContact');
  },
  'customer-address-optional': (s) => {
    const create = s.get('customer-create-request.json')!;
    create.required = (create.required as string[]).filter((r) => r !== 'customerAddress');
  },
  'customer-update-name-required': (s) => {
    s.get('customer-update-request.json')!.required = ['customerName'];
  },
};

/** The bodies the sandbox closes: every request body but the token request's and the card search's (its schema closes it). */
const CLOSED_BY_SANDBOX = new Set(
  operationIds
    .flatMap((id) => operation(id).requestSchema ?? [])
    .filter((id) => id !== 'token-request.json' && id !== 'card-search-request.json')
);

/** The schemas a request body reaches through `$ref`, itself included. */
function reached(sources: Map<string, Json>, id: string, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  const refs = JSON.stringify(sources.get(id)).matchAll(/"\$ref":"([^"#]+)"/g);
  for (const [, ref] of refs) reached(sources, ref!, seen);
  return seen;
}

/** Every object node of `node` that lists its properties refuses others (one that says otherwise keeps its word). */
function closeNodes(node: unknown, deep: boolean): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Json;
  if (n.properties && n.$ref === undefined && n.additionalProperties === undefined) n.additionalProperties = false;
  if (!deep) return;
  for (const value of Object.values(n)) {
    if (Array.isArray(value))
      value.forEach((v) => {
        closeNodes(v, deep);
      });
    else closeNodes(value, deep);
  }
}

/** `sources` with the bodies closed: every level, or the top level only. */
function closed(sources: Map<string, Json>, topOnly: boolean): Map<string, Json> {
  const copy = new Map([...sources].map(([id, schema]) => [id, structuredClone(schema)]));
  const ids = topOnly ? CLOSED_BY_SANDBOX : new Set([...CLOSED_BY_SANDBOX].flatMap((id) => [...reached(copy, id)]));
  for (const id of ids) closeNodes(copy.get(id), !topOnly);
  return copy;
}

interface Registries {
  body: Ajv2020;
  coercing: Ajv2020;
}

/** Compiled registries by the set of schema faults and closing they carry: every app with the same set shares them. */
const cache = new Map<string, Registries>();

function registriesFor(faults: Faults, variants: Variants): Registries {
  const active = (Object.keys(schemaFaults) as FaultId[]).filter((id) => faults.has(id)).sort();
  const topOnly = variants.has('unknown-nested-properties-ignored');
  const key = `${active.join(',')}|${topOnly}`;
  let registries = cache.get(key);
  if (!registries) {
    const sources = readSchemas() as Map<string, Json>;
    if (active.length) {
      for (const [id, schema] of sources) sources.set(id, structuredClone(schema));
      for (const id of active) schemaFaults[id]!(sources);
    }
    registries = { body: createAjv(closed(sources, topOnly)), coercing: createAjv(sources, { coerceTypes: true }) };
    cache.set(key, registries);
  }
  return registries;
}

type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: ErrorObject[] | null };

/**
 * Fastify's validator compiler for the sandbox. A schema that is only `{ $ref: 'x.json' }` reuses
 * the registry's compiled validator; bodies that are absent are validated as `{}`, so that the
 * operations whose body is optional accept no body and the others report their required fields.
 */
export function validatorCompiler(faults: Faults, variants: Variants): FastifySchemaCompiler<Json> {
  const { body, coercing } = registriesFor(faults, variants);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : coercing;
    const ref = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? schema.$ref : undefined;
    const inner = ref ? ajv.getSchema(ref) : ajv.compile(schema);
    if (!inner) throw new Error(`no schema "${ref}" in schemas/`);
    if (httpPart !== 'body') return inner;
    const validate: Validate = (data) => {
      const absent = data === null || data === undefined;
      const ok = inner(absent ? {} : data) as boolean;
      validate.errors = inner.errors;
      return ok && absent ? { value: {} } : ok;
    };
    return validate;
  };
}

/** Where a value sits, for messages: `body/cards/0/cardTypeId`. */
function where(context: string, error: ErrorObject): string {
  const base = `${context}${error.instancePath}`;
  if (error.keyword === 'required') return `${base}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties')
    return `${base}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  return base;
}

/**
 * The problems of a failed validation: ER-002 for a missing required field, ER-001 for every
 * other invalid value (the card order shows each; the standard body shows the first).
 */
export function validationProblems(context: string, errors: readonly ErrorObject[], missingCode = 'ER-002'): Problem[] {
  return errors.map((e) =>
    e.keyword === 'required'
      ? { code: missingCode, description: `missing required field ${where(context, e)}` }
      : {
          code: 'ER-001',
          description: `invalid value at ${where(context, e)}: ${e.keyword === 'additionalProperties' ? 'unknown property' : (e.message ?? e.keyword)}`,
        }
  );
}
