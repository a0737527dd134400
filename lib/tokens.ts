/**
 * The token providers of a configuration: the caller's and the second client's, each asking the
 * token endpoint as configured (FLEET_TOKEN_AUTH, FLEET_TOKEN_SCOPE, FLEET_TOKEN_AUDIENCE) through
 * the configured transport (CA, client certificate, proxy).
 */
import { type ClientCredentials, TokenProvider } from './auth.js';
import type { Config } from './config.js';
import { fetchFor } from './transport/clients.js';

type TokenSettings = Pick<
  Config,
  'tokenUrl' | 'clientId' | 'clientSecret' | 'tokenAuth' | 'tokenScope' | 'tokenAudience' | 'foreignClient'
>;

/** The credentials of the caller, or of the second client (FLEET_FOREIGN_CLIENT_ID) when `second`. */
export function credentialsOf(config: TokenSettings, second = false): ClientCredentials {
  const client =
    second && config.foreignClient
      ? config.foreignClient
      : { clientId: config.clientId, clientSecret: config.clientSecret };
  return {
    tokenUrl: config.tokenUrl,
    ...client,
    tokenAuth: config.tokenAuth,
    ...(config.tokenScope ? { tokenScope: config.tokenScope } : {}),
    ...(config.tokenAudience ? { tokenAudience: config.tokenAudience } : {}),
  };
}

export function tokensFor(config: TokenSettings & Pick<Config, 'transport'>, second = false): TokenProvider {
  return new TokenProvider(credentialsOf(config, second), fetchFor(config.transport));
}
