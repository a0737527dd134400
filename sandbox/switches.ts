/**
 * What a SANDBOX_FAULTS or SANDBOX_VARIANTS list switches on: ids checked against their registry
 * once, at start (an unknown id stops the sandbox with one line), then asked for by id.
 */
export class Switches<Id extends string> {
  private readonly active: ReadonlySet<string>;

  constructor(ids: readonly string[], registry: object, unknown: (id: string) => Error) {
    const wrong = ids.find((id) => !(id in registry));
    if (wrong !== undefined) throw unknown(wrong);
    this.active = new Set(ids);
  }

  /** The ids of a comma-separated list. */
  static split(value: string | undefined): string[] {
    return (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  has(id: Id): boolean {
    return this.active.has(id);
  }

  get ids(): string[] {
    return [...this.active];
  }
}
