/**
 * npm run field:idp: an identity provider on a host of its own, for the stand-in of a test
 * environment: `oauth2-mock-server` (a real OAuth 2 server package) over HTTPS with a certificate
 * from the sandbox's throwaway CA, issuing short-lived signed JWTs for the client-credentials grant
 * and publishing their keys at /jwks (the sandbox's SANDBOX_JWKS_URL). What a real provider adds
 * and the mock leaves out is done here in its hooks: the clients and their secrets (a wrong one
 * answers 401 invalid_client), how each authenticates (client_secret_post or client_secret_basic),
 * the scopes it knows (another answers 400 invalid_scope), the audience, the tokens' life, the
 * client_id claim the sandbox reads.
 *
 *   node --import tsx proof/field/idp.ts --pki <folder> [--host idp.example] [--port 0]
 *     [--clients id=secret,...] [--auth client_secret_basic] [--scopes fleet] [--audience fleet-api]
 *     [--ttl 3600] [--no-expires-in]
 *
 * Prints `fleet idp on https://<host>:<port> (token endpoint ..., jwks ...)` once listening, and
 * `issued a token to <client> (<ttl> s)` for each token.
 */

import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { options } from './args.js';
import { ensureIssued } from './certificates.js';

type Auth = 'client_secret_post' | 'client_secret_basic';

interface TokenForm {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
  audience?: string;
}

const args = options(
  process.argv.slice(2),
  ['pki', 'host', 'port', 'clients', 'auth', 'scopes', 'audience', 'ttl'],
  ['no-expires-in']
);
const host = args.host ?? 'idp.example';
const clients = new Map(
  (args.clients ?? 'fleet-sandbox=sandbox-secret-change-me,fleet-sandbox-foreign=sandbox-foreign-secret-change-me')
    .split(',')
    .map((pair) => pair.split('=') as [string, string])
);
const auth = (args.auth ?? 'client_secret_post') as Auth;
const scopes = new Set((args.scopes ?? '').split(/[ ,]/).filter(Boolean));
const ttl = Number(args.ttl ?? 3600);
if (!args.pki)
  throw new Error(
    "idp: --pki <folder> is required (the sandbox's SANDBOX_TLS folder, whose CA issues the provider's certificate)"
  );

/** Who asked, as the configured method says it must be sent; undefined when the credentials do not hold. */
function clientOf(request: IncomingMessage & { body?: TokenForm }): string | undefined {
  const form = request.body ?? {};
  let id: string | undefined;
  let secret: string | undefined;
  if (auth === 'client_secret_basic') {
    const basic = /^basic +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [user, password] = Buffer.from(basic ?? '', 'base64')
      .toString()
      .split(':');
    [id, secret] = [user, password].map((part) =>
      part === undefined ? undefined : decodeURIComponent(part.replace(/\+/g, ' '))
    );
  } else {
    [id, secret] = [form.client_id, form.client_secret];
  }
  return id !== undefined && clients.get(id) === secret ? id : undefined;
}

function refuse(response: MutableResponse, status: number, error: string, description: string): void {
  response.statusCode = status;
  response.body = { error, error_description: description };
}

async function main(): Promise<void> {
  const pem = await ensureIssued(args.pki!, 'idp', [host, 'localhost', '127.0.0.1']);
  const server = new OAuth2Server(pem.keyFile, pem.certFile);
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: MutableToken, request: IncomingMessage & { body?: TokenForm }) => {
    const form = request.body ?? {};
    token.payload.exp = Math.floor(Date.now() / 1000) + ttl;
    token.payload.client_id = clientOf(request) ?? form.client_id;
    if (form.audience) token.payload.aud = form.audience;
  });
  server.service.on('beforeResponse', (response: MutableResponse, request: IncomingMessage & { body?: TokenForm }) => {
    const form = request.body ?? {};
    const client = clientOf(request);
    if (!client)
      return refuse(response, 401, 'invalid_client', `unknown client or wrong secret (this provider takes ${auth})`);
    const unknown = (form.scope ?? '').split(' ').filter((s) => s && !scopes.has(s));
    if (unknown.length) return refuse(response, 400, 'invalid_scope', `unknown scope ${unknown.join(' ')}`);
    if (args.audience && form.audience !== undefined && form.audience !== args.audience)
      return refuse(response, 400, 'invalid_target', `unknown audience ${form.audience}`);
    const body = response.body as Record<string, unknown>;
    if (form.scope === undefined) delete body.scope;
    if (args['no-expires-in']) delete body.expires_in;
    else body.expires_in = ttl;
    process.stdout.write(`issued a token to ${client} (${ttl} s)\n`);
  });
  await server.start(Number(args.port ?? 0), '127.0.0.1');
  const url = `https://${host}:${server.address().port}`;
  server.issuer.url = url;
  process.stdout.write(
    `fleet idp on ${url} (token endpoint ${url}/token, jwks ${url}/jwks, issuer ${url}; ${auth}; scopes ${[...scopes].join(' ') || 'none'}; audience ${args.audience ?? 'any'}; tokens live ${ttl} s${args['no-expires-in'] ? ', answered without expires_in' : ''}; certificate ${join(args.pki!, 'idp.pem')})\n`
  );
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: Error) => {
  process.stderr.write(`fleet idp: ${e.message}\n`);
  process.exit(1);
});
