/**
 * npm run -s token: prints an access token for the configured target (FLEET_BASE_URL, FLEET_CLIENT_ID,
 * FLEET_CLIENT_SECRET), and nothing else, so that a replay command of the reports can use it:
 * `export FLEET_TOKEN=$(npm run -s token)`. The token is a secret: it goes to stdout only.
 */
import { AuthError, TokenProvider } from '../lib/auth.js';
import { ConfigError, loadConfig } from '../lib/config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  process.stdout.write(`${await new TokenProvider(config).token()}\n`);
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof AuthError;
  console.error(`token: ${known ? (e as Error).message : String(e)}`);
  process.exit(2);
});
