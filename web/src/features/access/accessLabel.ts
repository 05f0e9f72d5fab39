import type { SiteAccessDto } from '@asbuilt/domain';
import type { TFunction } from 'i18next';

/** No Access, Access Expired, or the role (spatial-and-admin.md section 4). */
export function accessLabelText(t: TFunction<['access', 'domain']>, access: SiteAccessDto | null): string {
  if (!access) return t('label.none');
  if (!access.in_force) return t('label.expired');
  return t(`domain:site_role.${access.user_role as 1 | 2 | 3}`);
}
