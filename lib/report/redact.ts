/**
 * Redaction of everything that leaves the suite (attachments, error messages, reports): the
 * client secret, bearer tokens and card PINs never reach a file or a log. Secret-looking keys are
 * masked whatever their value; known secret values are masked wherever they appear.
 */

export const REDACTED = '[REDACTED]';

const SECRET_KEY =
  /^(authorization|proxy-authorization|client_secret|access_token|refresh_token|id_token|cardpin|password|secret)$/i;

/** Every value any registry of this process was given: for text built where no registry is at hand. */
const seenInProcess = new Set<string>();

function scrubWith(values: Iterable<string>, text: string): string {
  let out = text;
  for (const v of values) {
    if (!out.includes(v)) continue;
    // A numeric secret (a PIN) is masked where it stands as a number of its own, not inside
    // every longer number that happens to contain its digits (card numbers, timestamps).
    out = /^\d+$/.test(v) ? out.replace(new RegExp(`(?<!\\d)${v}(?!\\d)`, 'g'), REDACTED) : out.split(v).join(REDACTED);
  }
  return out;
}

/** Replaces every secret value this process has registered anywhere (e.g. in assertion messages). */
export function scrubSeen(text: string): string {
  return scrubWith(seenInProcess, text);
}

/** The secret values one worker has seen: the client secret, every token, every PIN it sent. */
export class SecretRegistry {
  private readonly values = new Set<string>();

  add(value: string | undefined): void {
    // Very short values would mask ordinary text (a PIN "1" inside every number): PINs are 4+ digits.
    if (value && value.length >= 4) {
      this.values.add(value);
      seenInProcess.add(value);
    }
  }

  /** Replaces every known secret value inside `text`. */
  scrub(text: string): string {
    return scrubWith(this.values, text);
  }

  /** A deep copy of `value` with secret keys masked and secret values scrubbed from strings. */
  redact<T>(value: T): T {
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : this.walk(v)])
      );
    }
    return value;
  }
}
