/**
 * The footprint profile (specs/footprint.json, committed; `npm run footprint:profile` measures it
 * again): what each writing test left on the sandbox at a known number of fast-check runs, from
 * which a run estimates its footprint before it writes anything (lib/budget.ts estimate).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { FootprintProfile } from './budget.js';
import { ConfigError } from './config.js';
import { packageFile } from './package-files.js';

export const PROFILE_FILE = 'specs/footprint.json';

export function readProfile(file = packageFile(PROFILE_FILE)): FootprintProfile {
  if (!existsSync(file))
    throw new ConfigError(
      `${file}: missing (it is committed with the suite; npm run footprint:profile measures it again)`
    );
  let profile: Partial<FootprintProfile>;
  try {
    profile = JSON.parse(readFileSync(file, 'utf8')) as Partial<FootprintProfile>;
  } catch (e) {
    throw new ConfigError(`${file}: not JSON (${(e as Error).message}); npm run footprint:profile measures it again`);
  }
  if (typeof profile.fcRuns !== 'number' || !profile.tests || typeof profile.tests !== 'object') {
    throw new ConfigError(`${file}: expected {fcRuns, tests}; npm run footprint:profile measures it again`);
  }
  return profile as FootprintProfile;
}
