import * as oidc from 'openid-client';
import { AddressRefusedError, guardedFetch, type Resolver } from '../../platform/address-guard.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * The relying party's side of OpenID Connect, with openid-client: the provider's metadata and
 * keys come from its discovery document; every check of the answer (state, `iss`, signature,
 * `aud`, `nonce`, expiry, PKCE) is the library's.
 */

/** What a tenant's client secret is sealed to: a ciphertext copied onto another tenant fails to open. */
export const ssoSecretBinding = (tenantId: number) => `sso:${tenantId}`;

/** Where the provider sends the browser back; registered at the provider by the tenant. */
export const redirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}/api/global/sso/callback`;

export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export interface ProviderSettings {
  issuer: string;
  client_id: string;
  client_secret: string;
}

/** The scopes asked: the e-mail links the account, the profile names a new one. */
const SCOPE = 'openid email profile';

export interface ReachOptions {
  /** SSO_ALLOW_PRIVATE: the provider may be on a private or local address. */
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * The provider's configuration. Unless private addresses are allowed, every request made for it
 * (discovery, keys, token, UserInfo) goes through the address guard, connection by connection: the
 * issuer a tenant typed can't make the server call its own network.
 */
export async function configurationOf(
  settings: ProviderSettings,
  reach: ReachOptions,
): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  return oidc.discovery(
    issuer,
    settings.client_id,
    undefined,
    oidc.ClientSecretBasic(settings.client_secret),
    {
      timeout: 10,
      ...(reach.allowPrivate ? {} : { [oidc.customFetch]: guardedFetch(reach.resolve) as oidc.CustomFetch }),
      execute: [
        // The ID token's signature is checked against the provider's published keys, though it
        // comes straight from the token endpoint: the issue asks for it, and a forged token at a
        // misconfigured or spoofed endpoint is refused all the same.
        oidc.enableNonRepudiationChecks,
        // Plain HTTP only to a provider on this computer (settings.ts refuses any other).
        ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : []),
      ],
    },
  );
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The authorization code request with PKCE (S256), `state` and `nonce`, all fresh and random. */
export async function authorizationRequest(
  config: oidc.Configuration,
  redirect: string,
  loginHint: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirect,
    scope: SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/**
 * Exchanges the code and checks the ID token; the e-mail comes from its claims, or from the
 * UserInfo endpoint for providers that keep them out of the ID token.
 */
export async function completeSignIn(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new oidc.ClientError('the provider sent no ID token');
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string' && tokens.access_token) {
    source = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    subject: claims.sub,
    email: text(source.email).toLowerCase() || undefined,
    // Only a literal true counts: a string "true" or a missing claim is no verification.
    emailVerified: source.email_verified === true,
    givenName: text(source.given_name).slice(0, 100),
    familyName: text(source.family_name).slice(0, 100),
  };
}

export type FailureCode =
  | 'sso_provider_unreachable'
  | 'sso_provider_refused'
  | 'sso_token_invalid'
  | 'sso_issuer_private';

/** Whether a failure, or what caused it, is the address guard's refusal. */
export function isAddressRefused(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof AddressRefusedError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Which of the user's words an openid-client failure gets (its details go to the log only). */
export function failureCode(error: unknown): FailureCode {
  if (isAddressRefused(error)) return 'sso_issuer_private';
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return 'sso_provider_refused';
  }
  if (error instanceof oidc.ClientError) {
    const code = (error as { code?: string }).code ?? '';
    // Discovery and the network: nothing could be checked.
    if (
      code === 'OAUTH_TIMEOUT' ||
      code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      /fetch|network/i.test(error.message)
    ) {
      return 'sso_provider_unreachable';
    }
    return 'sso_token_invalid';
  }
  if (error instanceof TypeError || (error as { name?: string })?.name === 'AbortError') {
    return 'sso_provider_unreachable';
  }
  return 'sso_token_invalid';
}
