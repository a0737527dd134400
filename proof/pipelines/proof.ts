/**
 * What a pipelines proof (npm run proof:pipelines) gives: its checks, each passed or not with what
 * was seen, its wall time, and the files a person looks at (a job summary, a screenshot).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Check {
  what: string;
  ok: boolean;
  /** What was seen, when it is not what was wanted (or is worth showing). */
  seen?: string;
}

export interface ProofResult {
  name: string;
  seconds: number;
  checks: Check[];
  /** Label → path. */
  files: Record<string, string>;
}

/** Collects a proof's checks as it goes. */
export class Checks {
  readonly list: Check[] = [];
  constructor(private readonly progress: (line: string) => void) {}

  check(what: string, ok: boolean, seen?: string): boolean {
    this.list.push({ what, ok, ...(seen === undefined ? {} : { seen }) });
    this.progress(`${ok ? '✓' : '✘'} ${what}${!ok && seen !== undefined ? ` — seen: ${seen.slice(0, 600)}` : ''}`);
    return ok;
  }
}

export interface ProofOptions {
  /** The project checkout whose HEAD is proven. */
  repo: string;
  /** Emptied first. */
  work: string;
  progress(line: string): void;
}

export const since = (started: number) => Math.round((Date.now() - started) / 100) / 10;

/** A proof's start: its clock, its checks, its work folder emptied. */
export function startProof(o: ProofOptions): { started: number; checks: Checks; work: string } {
  const work = resolve(o.work);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  return { started: Date.now(), checks: new Checks(o.progress), work };
}
