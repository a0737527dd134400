/** npm run sandbox:tables: writes the assumptions, fault and variant tables of sandbox/README.md from their registries. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withTables } from '../docs/sandbox-tables.js';

const file = new URL('../../sandbox/README.md', import.meta.url);
try {
  writeFileSync(file, withTables(readFileSync(file, 'utf8')));
  console.log(
    'sandbox/README.md: assumptions, fault and variant tables written from lib/rules/assumptions.ts, sandbox/faults.ts and sandbox/variants.ts'
  );
} catch (e) {
  console.error(`sandbox:tables: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
