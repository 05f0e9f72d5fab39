/**
 * The words of the sign-in screen, picked from the catalogues when the app is built (vite.config.ts
 * serves them as `virtual:sign-in-words/<language>`): the page loads these few words, not every
 * catalogue and i18next (issue 14). No imports here: the build configuration reads this file too.
 */

/** Keys of the `auth` catalogue the screen shows. */
export const AUTH_WORDS = [
  'language',
  'field.username',
  'field.password',
  'field.email',
  'login.page_title',
  'login.title',
  'login.subtitle',
  'login.submit',
  'login.forgot',
  'login.retry_in',
  'two_factor.title',
  'two_factor.subtitle',
  'two_factor.subtitle_recovery',
  'two_factor.code',
  'two_factor.recovery_code',
  'two_factor.use_recovery',
  'two_factor.use_app',
  'two_factor.remember',
  'two_factor.submit',
  'two_factor.back',
  'two_factor.setup_title',
  'two_factor.setup_subtitle',
  'two_factor.qr_title',
  'two_factor.key',
  'two_factor.setup_submit',
  'two_factor.codes_title',
  'two_factor.codes_subtitle',
  'two_factor.codes_copy',
  'two_factor.codes_copied',
  'two_factor.codes_download',
  'two_factor.codes_file_heading',
  'two_factor.codes_continue',
  'passkey.sign_in',
  'sso.continue',
  'sso.change_email',
  'sso.signing_in',
  'forgot.title',
  'forgot.subtitle',
  'forgot.submit',
  'forgot.back',
  'forgot.sent',
] as const;

/** The failures the client sees itself (`components:error.*`, see api/client.ts). */
export const CLIENT_ERRORS = ['unknown', 'unreachable', 'upload_unreachable', 'request_failed'] as const;

/**
 * The domain's error codes the two calls of the screen answer: `POST /api/admin/users/login` and
 * `POST /api/global/password/forgot` (their schemas, services and rate limits, and what the error
 * plugin answers for any request). A code not listed shows the server's English words.
 */
export const ERROR_CODES = [
  'bad_credentials',
  'account_inactive',
  'too_many_attempts',
  'too_many_reset_requests',
  'username_required',
  'password_required',
  'password_min',
  'two_factor_code_missing',
  'two_factor_code_invalid',
  'two_factor_challenge_invalid',
  'two_factor_already_enabled',
  'passkey_invalid',
  'password_sign_in_off',
  'sso_not_configured',
  'sso_code_invalid',
  'sso_state_invalid',
  'sso_provider_unreachable',
  'sso_provider_refused',
  'sso_token_invalid',
  'sso_email_missing',
  'sso_email_unverified',
  'sso_domain_mismatch',
  'sso_user_other_tenant',
  'sso_issuer_private',
  'sso_user_unknown',
  'passkey_response_invalid',
  'email_invalid',
  'invalid_value',
  'invalid_input',
  'nul_character',
  'invalid_json',
  'empty_json',
  'body_too_large',
  'unsupported_media_type',
  'content_length_mismatch',
  'request_refused',
  'database_unavailable',
  'server_error',
] as const;

export type AuthWord = (typeof AUTH_WORDS)[number];
export type ClientError = (typeof CLIENT_ERRORS)[number];

/** One language's words, by `namespace:key` (plural forms keep their `_one`, `_other` suffix). */
export type SignInWords = Readonly<Record<string, string>>;

type Catalogue = { readonly [key: string]: unknown };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(catalogue: Catalogue, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else if (value && typeof value === 'object') flatten(value as Catalogue, path, into);
  }
  return into;
}

/**
 * The screen's words out of one language's catalogues: each listed key with its plural forms. A
 * key missing from a catalogue, or a text that nests another key (`$t(...)`, which the screen's
 * small lookup does not do), fails the build.
 */
export function pickSignInWords(catalogues: {
  auth: Catalogue;
  components: Catalogue;
  domain: Catalogue;
}): SignInWords {
  const wanted: [keyof typeof catalogues, readonly string[]][] = [
    ['auth', AUTH_WORDS],
    ['components', CLIENT_ERRORS.map((key) => `error.${key}`)],
    ['domain', ERROR_CODES.map((code) => `error.${code}`)],
  ];
  const words: Record<string, string> = {};
  for (const [ns, keys] of wanted) {
    const flat = flatten(catalogues[ns], '', new Map());
    for (const key of keys) {
      const forms = [...flat].filter(([path]) => path === key || path.replace(PLURAL_SUFFIX, '') === key);
      if (!forms.length) throw new Error(`sign-in words: ${ns}:${key} is not in the catalogue`);
      for (const [path, text] of forms) {
        if (text.includes('$t(')) throw new Error(`sign-in words: ${ns}:${path} nests another key`);
        words[`${ns}:${path}`] = text;
      }
    }
  }
  return words;
}
