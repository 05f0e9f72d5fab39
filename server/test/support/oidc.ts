import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a loopback port, for the single sign-on API tests and
 * end-to-end specs. Its accounts are set by the test; the browser's part of the flow (login,
 * consent) is driven with plain HTTP: `authorize` follows the redirects from the authorization
 * URL, signs the named account in at the interaction step and answers the URL the provider sends
 * back to. A real browser names no account: `browserAccountId` is the one its visit signs in.
 */

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by id (the `sub`). */
  accounts: Map<string, TestAccount>;
  /** Follows the browser's way from the authorization URL to the redirect back; answers that URL. */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>;
  /**
   * Changes the claims of the next ID tokens the token endpoint answers, re-signed with the
   * provider's own key: a token the provider could have minted for someone else (null: no change).
   */
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** Signs the tampered ID tokens with a key the provider does not publish (a forgery). */
  forge: boolean;
  close(): Promise<void>;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function resign(
  idToken: string,
  key: KeyObject,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
) {
  const [header, payload] = idToken.split('.');
  const claims = change(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')));
  const signed = `${header}.${b64(JSON.stringify(claims))}`;
  return `${signed}.${b64(sign('sha256', Buffer.from(signed), key))}`;
}

export async function startTestProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Further clients (another application at the same provider). */
  otherClients?: { clientId: string; clientSecret: string }[];
  /** The account the login page signs in at once when the request names none (a browser's). */
  browserAccountId?: string;
}): Promise<TestProvider> {
  const clientId = options.clientId ?? 'asbuilt';
  const clientSecret = options.clientSecret ?? 'asbuilt-client-secret-for-tests';
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    const current = provider;
    if (!current) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(current, req, res, options.browserAccountId).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    current.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (id: string, secret: string) => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: options.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  provider = new Provider(issuer, {
    clients: [
      client(clientId, clientSecret),
      ...(options.otherClients ?? []).map((other) => client(other.clientId, other.clientSecret)),
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-provider-cookie-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The e-mail in the ID token itself, as Google and Entra ID send it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });

  const result: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: null,
    forge: false,
    async authorize(authorizationUrl, accountId) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop++) {
        if (url.origin !== issuer) return url;
        if (url.pathname.startsWith('/interaction/')) url.searchParams.set('account', accountId);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location)
          throw new Error(
            `The provider stopped at ${url.pathname}: ${response.status} ${await response.text()}`,
          );
        url = new URL(location, url);
      }
      throw new Error('Too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && result.tamper && body?.id_token) {
      body.id_token = resign(body.id_token, result.forge ? strangerKey : signingKey, result.tamper);
    }
  });
  return result;
}

/** The provider's login and consent pages: the test's account signs in and consents at once. */
async function interact(
  provider: Provider,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
  browserAccountId: string | undefined,
) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const accountId = new URL(req.url!, 'http://x').searchParams.get('account') ?? browserAccountId ?? '';
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
