/**
 * Writes schemas/openapi.json (OpenAPI 3.1) from the operations table and the body schemas, so
 * that the document, the suite and the sandbox share one source of truth. A test fails when the
 * file is stale; `node --import tsx scripts/generate-openapi.ts` regenerates it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BodySpec, type Operation, operationIds, operations } from '../lib/operations.js';
import { readSchemas } from '../lib/validation.js';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  202: 'Accepted: the process is asynchronous',
  400: 'bad request',
  401: 'unauthorized: a missing or invalid token',
  403: 'forbidden: a valid token without permission',
  404: 'not found',
  500: 'internal server error (ER-012: contact support)',
};

/** Bodies the document marks as required (the others are all-optional or "Body (optional)"). */
const REQUIRED_BODIES = new Set(['requestToken', 'createSubCustomer', 'orderCards', 'blockCard', 'unblockCard']);

const PATH_PARAMETERS: Record<string, Record<string, unknown>> = {
  customerAccountNumber: { type: 'string' },
  cardIdentifier: { type: 'integer' },
  sessionId: { type: 'string' },
};

const QUERY_SCHEMAS: Partial<Record<string, string>> = {
  listCustomers: 'customer-list-query.json',
  geosearchRectangle: 'geosearch-query.json',
};

function parameters(op: Operation, schemas: Map<string, Record<string, unknown>>): unknown[] {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: PATH_PARAMETERS[name!],
  }));
  const querySchemaId = QUERY_SCHEMAS[op.id];
  if (!querySchemaId) return path;
  const schema = schemas.get(querySchemaId)!;
  const required = new Set((schema.required ?? []) as string[]);
  const query = Object.entries(schema.properties as Record<string, { description?: string }>).map(
    ([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(property.description ? { description: property.description } : {}),
      schema: { $ref: `${querySchemaId}#/properties/${name}` },
    })
  );
  return [...path, ...query];
}

function response(status: number, spec: BodySpec, op: Operation): unknown {
  const description =
    'notShown' in spec ? `${STATUS_TEXT[status]}. ${spec.notShown}` : (STATUS_TEXT[status] ?? String(status));
  if ('notShown' in spec) return { description };
  return {
    description,
    content: { 'application/json': { schema: { $ref: spec.schema } } },
    ...(op.id === 'orderCards' && status === 400
      ? { description: `${description}: an array of error objects (one per problem)` }
      : {}),
  };
}

function operationObject(op: Operation, schemas: Map<string, Record<string, unknown>>): Record<string, unknown> {
  const isToken = op.id === 'requestToken';
  const mediaType = isToken ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    operationId: op.id,
    summary: op.id.replace(/([A-Z])/g, ' $1').toLowerCase(),
    tags: [op.section.replace(/^Endpoints \/ /, '')],
    ...(isToken ? { security: [] } : {}),
    ...(op.readOnly ? {} : { 'x-writes': true }),
    parameters: parameters(op, schemas),
    ...(op.requestSchema
      ? {
          requestBody: {
            required: REQUIRED_BODIES.has(op.id),
            content: { [mediaType]: { schema: { $ref: op.requestSchema } } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, spec]) => [status, response(Number(status), spec, op)])
    ),
  };
}

export function generateOpenApi(): Record<string, unknown> {
  const schemas = readSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const id of operationIds) {
    const op = { id, ...operations[id] } as Operation;
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operationObject(op, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet Card and Charging Service',
      version: '1.0.0',
      description:
        'Derived from the interface document (version 1.0.0) by fleet-conformance. Only what the document states is a constraint; "not shown" parts are left open. Paths carry no version segment.',
    },
    servers: [
      {
        url: '{baseUrl}',
        description: 'test or production environment (same paths)',
        variables: { baseUrl: { default: 'http://127.0.0.1:4010' } },
      },
    ],
    security: [{ clientCredentials: [] }],
    components: {
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials; every operation requires Authorization: Bearer <ACCESS_TOKEN>.',
          flows: {
            clientCredentials: { tokenUrl: '/identity/realms/fleet/protocol/openid-connect/token', scopes: {} },
          },
        },
      },
    },
    paths,
  };
}

export const openApiPath = fileURLToPath(new URL('../schemas/openapi.json', import.meta.url));

export function openApiText(): string {
  return `${JSON.stringify(generateOpenApi(), null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(openApiPath, openApiText());
  console.log(`wrote ${openApiPath}`);
}
