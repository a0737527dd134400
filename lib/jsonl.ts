/**
 * Records shared between a run's workers and processes: one JSON line each, appended, never
 * rewritten. A reader takes whole lines only, so a record another process is still writing (no
 * newline yet) is never read half-written (writeFileSync would truncate the file first).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function appendRecords(file: string, records: readonly unknown[]): void {
  if (!records.length) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

/** Every whole record of `file` (none when it does not exist). */
export function readRecords<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
