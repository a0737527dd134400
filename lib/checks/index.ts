/** The registry: every check run on every response a spec receives, in this order. */
import { cardPinNotEchoed } from './card-pin-not-echoed.js';
import { contentTypeConformance } from './content-type-conformance.js';
import { createdNumberOwn } from './created-number-own.js';
import { errorCodeStatus } from './error-code-status.js';
import { geosearchInsideRectangle } from './geosearch-inside-rectangle.js';
import { nullValues } from './null-values.js';
import { promisedValueAccepted } from './promised-value-accepted.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { statusCodeConformance } from './status-code-conformance.js';
import type { Check, CheckContext, Finding } from './types.js';
import { undocumentedFields } from './undocumented-fields.js';
import { undocumentedValues } from './undocumented-values.js';

export const checks: readonly Check[] = [
  statusCodeConformance,
  promisedValueAccepted,
  contentTypeConformance,
  responseSchemaConformance,
  errorCodeStatus,
  cardPinNotEchoed,
  createdNumberOwn,
  geosearchInsideRectangle,
  undocumentedFields,
  undocumentedValues,
  nullValues,
];

export function runChecks(ctx: CheckContext, registry: readonly Check[] = checks): Finding[] {
  return registry.flatMap((check) => check.run(ctx));
}

export type { Check, CheckContext, Finding } from './types.js';
