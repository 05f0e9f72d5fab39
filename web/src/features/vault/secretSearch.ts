import type { SecretDto } from '@asbuilt/domain';

/** Whether a secret matches what is typed in the vault's search: name, username, URL, link or comment. */
export function matchesSecret(secret: SecretDto, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return [secret.name, secret.username, secret.url, secret.linked.name, secret.comment, secret.level]
    .filter((v): v is string => Boolean(v))
    .some((v) => v.toLowerCase().includes(wanted));
}

/** Only web addresses become links: a `javascript:` URL typed in a secret never runs. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  const text = url.trim();
  // "router.local:8443/admin" is a host and a port, not a scheme "router.local:".
  const hostAndPort = /^[^/:?#\s]+:\d+(?:[/?#]|$)/.test(text);
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !hostAndPort ? text : `https://${text}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
