/** How a session reads in the list: its browser and system, address, start and last use. */
import type { ActiveSessionDto } from '@asbuilt/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';

const PHONE_SYSTEMS = new Set(['iOS', 'iPadOS', 'Android']);

export const isPhone = (session: Pick<ActiveSessionDto, 'os'>) =>
  session.os !== null && PHONE_SYSTEMS.has(session.os);

export function useSessionText() {
  const { t } = useTranslation('sessions');
  const name = ({ browser, os }: Pick<ActiveSessionDto, 'browser' | 'os'>) =>
    browser && os ? t('item.browser_on_os', { browser, os }) : (browser ?? os ?? t('item.unknown_browser'));
  const address = (session: Pick<ActiveSessionDto, 'ip'>) => session.ip ?? t('item.unknown_address');
  const details = (session: ActiveSessionDto) =>
    [
      address(session),
      t('item.started', { date: formatDateTime(session.created_at) }),
      t('item.last_used', { date: formatDateTime(session.last_seen_at) }),
    ].join(' · ');
  return { name, address, details };
}
