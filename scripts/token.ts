/**
 * npm run -s token: prints an access token for the configured target (FLEET_BASE_URL, FLEET_CLIENT_ID,
 * FLEET_CLIENT_SECRET, FLEET_TOKEN_URL and how to ask it), and nothing else, so that a replay command
 * of the reports can use it: `export FLEET_TOKEN=$(npm run -s token)`. It goes the run's way (CA,
 * client certificate, proxy). The token is a secret: it goes to stdout only.
 */
import { AuthError } from '../lib/auth.js';
import { ConfigError, loadConfig } from '../lib/config.js';
import { tokensFor } from '../lib/tokens.js';
import { checkReach, ReachError } from '../lib/transport/reach.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.sandbox) await checkReach(config.transport, 'FLEET_TOKEN_URL', config.tokenUrl);
  process.stdout.write(`${await tokensFor(config).token()}\n`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    const known = e instanceof ConfigError || e instanceof AuthError || e instanceof ReachError;
    console.error(`token: ${known ? (e as Error).message : String(e)}`);
    process.exit(2);
  }
);
