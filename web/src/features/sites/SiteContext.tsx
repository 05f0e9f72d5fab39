/** What every page of a site shares: the site id, the caller's permission and saved settings, the site. */
import type { SiteAccessSettings, SiteDetail } from '@asbuilt/domain';
import { createContext, useContext } from 'react';

export interface SiteContextValue {
  siteId: number;
  /** 1 Reader, 2 Contributor, 3 Full Access (the layout sends 0 back to /sites). */
  permission: number;
  /** The saved devices-page settings of this user on this site. */
  access: SiteAccessSettings | null;
  site: SiteDetail;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

/** The current site; only inside the site layout. */
export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite outside the site layout');
  return value;
}
