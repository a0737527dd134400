import type { Faults } from './faults.js';

/** What every resource plugin of the sandbox receives when app.ts registers it. */
export interface SandboxPluginOptions {
  faults: Faults;
}
