import type { Check, Finding } from './types.js';

/** Values the document lists as the ones that appear; others are drift, not errors. */
const KNOWN_ERROR_CODES = ['ER-001', 'ER-002', 'ER-012'];
const KNOWN_CAPABILITIES = ['RESERVABLE', 'PLUG_AND_CHARGE_CAPABLE', 'CHARGING_PROFILE_CAPABLE'];
const KNOWN_PAYMENT_OUTCOMES = ['CHARGE', 'WRITE_OFF'];
const KNOWN_ENERGY_UNITS = ['WH'];

type Json = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function* valuesOf(
  operationId: string,
  status: number,
  body: unknown
): Generator<[pattern: string, value: unknown, known: string[]]> {
  if (status >= 400) {
    for (const error of Array.isArray(body) ? body : [body]) {
      const code = (error as Json | undefined)?.errorCode;
      if (code !== undefined) yield ['errorCode', code, KNOWN_ERROR_CODES];
    }
    return;
  }
  if (operationId === 'geosearchRectangle') {
    for (const location of asArray((body as Json)?.locations)) {
      for (const evse of asArray((location as Json).evses)) {
        for (const capability of asArray((evse as Json).capabilities))
          yield ['/locations/*/evses/*/capabilities/*', capability, KNOWN_CAPABILITIES];
      }
    }
  }
  if (operationId === 'getSession') {
    const session = body as Json;
    const unit = (session?.energy as Json | undefined)?.unit;
    if (unit !== undefined) yield ['/energy/unit', unit, KNOWN_ENERGY_UNITS];
    for (const t of asArray(session?.transactions)) {
      const outcome = (t as Json).paymentOutcome;
      if (outcome !== undefined) yield ['/transactions/*/paymentOutcome', outcome, KNOWN_PAYMENT_OUTCOMES];
    }
  }
}

/** Error codes, capabilities, payment outcomes and energy units beyond those the document shows. */
export const undocumentedValues: Check = {
  name: 'undocumented_values',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run({ exchange, read }) {
    const seen = new Set<string>();
    const findings: Finding[] = [];
    for (const [pattern, value, known] of valuesOf(exchange.operationId, exchange.response.status, read.body)) {
      const key = `${pattern}=${String(value)}`;
      if (known.includes(value as string) || seen.has(key)) continue;
      seen.add(key);
      findings.push({
        kind: 'drift',
        check: this.name,
        rule: this.rule,
        title: `undocumented value ${JSON.stringify(value)} at ${pattern}`,
        where: pattern,
        received: String(value),
        documented: known.join(', '),
      });
    }
    return findings;
  },
};
