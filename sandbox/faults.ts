/**
 * SANDBOX_FAULTS=id,id: deliberate breakages, each of exactly one stated rule of the document,
 * so that the suite can be shown to catch them (npm run selftest:faults). The table is the
 * single registry: id → the rule id (lib/rules/catalogue.ts) it breaks, and what it does.
 */

export interface FaultDefinition {
  /** Rule id of lib/rules/catalogue.ts that this fault breaks. */
  rule: string;
  description: string;
}

export const faultCatalogue = {
  // rows: 'fault-id': { rule: 'RULE-ID', description: 'what the sandbox does wrong' },
} as const satisfies Record<string, FaultDefinition>;

export type FaultId = keyof typeof faultCatalogue;

export class FaultConfigError extends Error {}

export class Faults {
  private readonly active: ReadonlySet<string>;

  constructor(ids: readonly string[] = []) {
    for (const id of ids) {
      if (!(id in faultCatalogue)) {
        throw new FaultConfigError(`SANDBOX_FAULTS: unknown fault "${id}" (known: ${Object.keys(faultCatalogue).join(', ')})`);
      }
    }
    this.active = new Set(ids);
  }

  static parse(value: string | undefined): Faults {
    return new Faults((value ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  }

  has(id: FaultId): boolean {
    return this.active.has(id);
  }

  get ids(): string[] {
    return [...this.active];
  }
}
