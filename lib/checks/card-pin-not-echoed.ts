import type { Check } from './types.js';

const PIN_KEY = /^(card)?pin$/i;

function pinPointers(value: unknown, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pinPointers(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      PIN_KEY.test(k) ? [`${pointer}/${k}`] : pinPointers(v, `${pointer}/${k}`)
    );
  }
  return [];
}

/** "cardPIN: secret; never echoed" — no response of any operation carries a PIN field. */
export const cardPinNotEchoed: Check = {
  name: 'card_pin_not_echoed',
  rule: 'CARD-PIN-NEVER-ECHOED',
  run({ exchange }) {
    return pinPointers(exchange.response.body).map((where) => ({
      kind: 'failure' as const,
      check: this.name,
      rule: this.rule,
      title: `the response carries a PIN field at ${where}`,
      where,
      received: '[REDACTED]',
      documented: 'never echoed',
    }));
  },
};
