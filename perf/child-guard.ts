/**
 * Runs a server script in this process and exits as soon as the process that started it is gone
 * (killed, timed out, crashed): a perf child never outlives its run.
 *
 *   node --import tsx perf/child-guard.ts <script.ts> [args...]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('child-guard: no script given');
  process.exit(2);
}
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
process.argv = [process.argv[0]!, resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
