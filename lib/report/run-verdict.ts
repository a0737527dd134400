/**
 * The run's exit code beyond Playwright's own (docs/commands.md): an operation the server answered
 * unavailable to every request is a verdict of its own, exit 4; a run that proved a rule broken
 * stays 1 whatever else it saw.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageReport } from './coverage.js';

/** An operation was unavailable (nothing proven broken otherwise). */
export const UNAVAILABLE_EXIT = 4;

/** `code` (the tests' own), or UNAVAILABLE_EXIT when they passed and an operation was unavailable; with the line that says so. */
export function runExit(code: number, reportsDir: string): { code: number; line?: string } {
  const file = join(reportsDir, 'coverage.json');
  if (code !== 0 || !existsSync(file)) return { code };
  const { unavailable = [] } = JSON.parse(readFileSync(file, 'utf8')) as Partial<CoverageReport>;
  if (!unavailable.length) return { code };
  return {
    code: UNAVAILABLE_EXIT,
    line: `fleet-conformance: unavailable: ${unavailable.map((o) => `${o.method} ${o.path}`).join(', ')} answered unavailable to every request of the run: not judged, exit ${UNAVAILABLE_EXIT}`,
  };
}
