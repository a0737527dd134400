/**
 * The tables of sandbox/README.md that registries are the source of: the assumptions register's list
 * (lib/rules/assumptions.ts), the faults (sandbox/faults.ts) and the variants (sandbox/variants.ts),
 * each between its markers. Written by
 * `npm run sandbox:tables`; proof/tests/sandbox/readme-tables.test.ts fails while the README differs.
 */
import { assumptions } from '../../lib/rules/assumptions.js';
import { type FaultRow, faultCatalogue } from '../../sandbox/faults.js';
import { type VariantDefinition, variantCatalogue } from '../../sandbox/variants.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function assumptionRows(): string[] {
  return assumptions.map(
    (a) =>
      `| \`${a.id}\` | ${cell(a.silence)} | ${a.rests.map((k) => `\`${k}\``).join(' ') || 'fields of the resource tables only'} |`
  );
}

export function faultRows(): string[] {
  return Object.entries(faultCatalogue as Record<string, FaultRow>).map(
    ([id, f]) =>
      `| \`${id}\` | ${f.rule}${f.companions?.length ? ` (with ${f.companions.join(', ')})` : ''} | ${f.proves.map((p) => `\`${p}\``).join(' ')} | ${cell(f.description)} |`
  );
}

export function variantRows(): string[] {
  return Object.entries(variantCatalogue as Record<string, VariantDefinition>).map(([id, v]) => {
    const settings =
      Object.entries({ ...v.suite, ...v.env })
        .map(([k, x]) => `\`${k}=${x}\``)
        .join(' ') || '—';
    return `| \`${id}\`${v.slow ? ' (slow)' : ''} | "${v.words}" | ${v.varies.startsWith('ASSUME-') ? v.varies : `"${v.varies}"`} | ${v.description} | ${settings} |`;
  });
}

export const TABLES = {
  assumptions: {
    header: ['| entry | the document leaves open | cited by (lib/rules/document.ts) |', '|---|---|---|'],
    rows: assumptionRows,
  },
  faults: {
    header: ['| fault | rule | proves (lib/rules/document.ts) | what breaks |', '|---|---|---|---|'],
    rows: faultRows,
  },
  variants: {
    header: [
      "| variant | the document's words | register entry | what the server does | settings |",
      '|---|---|---|---|---|',
    ],
    rows: variantRows,
  },
} as const;

/** The rows between `<!-- name:start -->` and `<!-- name:end -->`. */
export function tableIn(readme: string, name: keyof typeof TABLES): string[] {
  const inside = readme.split(`<!-- ${name}:start -->`)[1]?.split(`<!-- ${name}:end -->`)[0] ?? '';
  return inside.split('\n').filter((l) => l.startsWith('| `'));
}

/** `readme` with every table written from its registry. */
export function withTables(readme: string): string {
  let text = readme;
  for (const [name, table] of Object.entries(TABLES)) {
    const [before, rest] = text.split(`<!-- ${name}:start -->`);
    const after = rest?.split(`<!-- ${name}:end -->`)[1];
    if (before === undefined || after === undefined)
      throw new Error(`sandbox/README.md: no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
    text = `${before}<!-- ${name}:start -->\n${[...table.header, ...table.rows()].join('\n')}\n<!-- ${name}:end -->${after}`;
  }
  return text;
}
