/** sandbox/README.md shows the assumptions, fault and variant tables of their registries, row for row (npm run sandbox:tables writes them). */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { TABLES, tableIn } from '../../docs/sandbox-tables.js';

const readme = readFileSync(new URL('../../../sandbox/README.md', import.meta.url), 'utf8');

for (const name of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
  test(`sandbox/README.md shows every row of the ${name} table of its registry (npm run sandbox:tables writes it)`, () => {
    expect(tableIn(readme, name)).toEqual(TABLES[name].rows());
  });
}
