import { responseSchemaFor } from './response-schema-conformance.js';
import type { Check, Finding } from './types.js';

/** A pointer with its array indices as `*`: one pattern for every element alike. */
export const patternOf = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/** Members written as null where the document does not state them present, read as absent (ASSUME-NULL-VALUES): drift, never failed. */
export const nullValues: Check = {
  name: 'null_values',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run({ exchange, operation, read }) {
    const patterns = new Map<string, string>();
    for (const pointer of read.nulls) if (!patterns.has(patternOf(pointer))) patterns.set(patternOf(pointer), pointer);
    const documented = responseSchemaFor(operation, exchange.response.status);
    return [...patterns].map(
      ([pattern, example]): Finding => ({
        kind: 'drift',
        check: this.name,
        rule: this.rule,
        title: `null written for an absent value at ${pattern}, read as absent (ASSUME-NULL-VALUES)`,
        where: pattern,
        received: example,
        ...(documented ? { documented } : {}),
      })
    );
  },
};
