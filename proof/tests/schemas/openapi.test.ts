import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { operationIds, operations } from '../../../lib/operations.js';
import { schemasDir } from '../../../lib/validation.js';
import { openApiPath, openApiText } from '../../../scripts/generate-openapi.js';
import { generatedTypesPath, generateTypes } from '../../../scripts/generate-types.js';

test('schemas/openapi.json validates as OpenAPI 3.1 and every $ref resolves', async () => {
  const validator = new Validator();
  for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.json') && f !== 'openapi.json')) {
    await validator.addSpecRef(JSON.parse(readFileSync(`${schemasDir}/${file}`, 'utf8')), file);
  }
  const result = await validator.validate(JSON.parse(readFileSync(openApiPath, 'utf8')));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  const resolved = validator.resolveRefs() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  for (const id of operationIds) {
    const op = operations[id];
    const documented = resolved.paths[op.path]?.[op.method.toLowerCase()];
    expect(documented, `${op.method} ${op.path}`).toBeDefined();
    expect(Object.keys(documented!.responses).map(Number).sort()).toEqual(Object.keys(op.responses).map(Number).sort());
  }
});

test('schemas/openapi.json is generated from the operations table (run scripts/generate-openapi.ts)', () => {
  expect(readFileSync(openApiPath, 'utf8')).toBe(openApiText());
});

test('lib/types.generated.ts is generated from the schemas (run scripts/generate-types.ts)', () => {
  expect(readFileSync(generatedTypesPath, 'utf8')).toBe(generateTypes());
});
