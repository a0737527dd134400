import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSchemas, SchemaCompileError } from '../../../lib/validation.js';

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const bad: [string, Record<string, string>, RegExp][] = [
  ['not JSON', { 'a.json': '{ "$id": "a.json", ' }, /^schema a\.json is not valid JSON/],
  [
    'an $id other than its file name',
    { 'a.json': '{ "$id": "b.json", "type": "object" }' },
    /^schema a\.json must have "\$id": "a\.json"/,
  ],
  [
    'not a valid JSON Schema',
    { 'a.json': '{ "$id": "a.json", "type": "integr" }' },
    /^schema a\.json is not a valid JSON Schema 2020-12/,
  ],
  [
    'a $ref to a missing schema',
    { 'a.json': '{ "$id": "a.json", "$ref": "missing.json" }' },
    /^schema a\.json does not compile/,
  ],
];
for (const [what, files, message] of bad) {
  test(`a schema that is ${what} stops loading with one line naming it`, () => {
    let error: unknown;
    try {
      loadSchemas(dirWith(files));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaCompileError);
    expect((error as Error).message).toMatch(message);
  });
}
