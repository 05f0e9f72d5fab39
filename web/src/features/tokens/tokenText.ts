/** How a token's expiry, last use and sites read in a list (the profile's and the admin's). */
import type { ApiTokenDto } from '@asbuilt/domain';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../lib/dates.ts';

export function expiryText(t: TFunction<'tokens'>, token: Pick<ApiTokenDto, 'expires_at'>): string {
  if (!token.expires_at) return t('item.never_expires');
  const date = formatDate(token.expires_at);
  return Date.parse(token.expires_at) <= Date.now()
    ? t('item.expired', { date })
    : t('item.expires', { date });
}

export function lastUseText(
  t: TFunction<'tokens'>,
  token: Pick<ApiTokenDto, 'last_used_at' | 'last_used_ip'>,
) {
  return token.last_used_at
    ? t('item.last_used', { date: formatDateTime(token.last_used_at), ip: token.last_used_ip ?? '—' })
    : t('item.never_used');
}

export function sitesText(t: TFunction<'tokens'>, token: Pick<ApiTokenDto, 'site_ids'>): string {
  return token.site_ids ? t('item.sites', { count: token.site_ids.length }) : t('item.all_sites');
}

/** A token's expiry, sites and last use, in one line. */
export const tokenFacts = (t: TFunction<'tokens'>, token: ApiTokenDto): string =>
  [expiryText(t, token), sitesText(t, token), lastUseText(t, token)].join(' · ');

/** What lists show instead of the token: its prefix and the first characters after it. */
export const shownPrefix = (token: Pick<ApiTokenDto, 'prefix'>) => `asb_${token.prefix}…`;
