import type { SitePermission } from '@asbuilt/domain';
import type { SiteRow } from '../../platform/policy.ts';

export interface PresentOptions {
  signUrl: (key: string | null) => string | null;
}

/** The site as the site list shows it. */
export function presentSiteSummary(site: SiteRow, permission: SitePermission, opts: PresentOptions) {
  return {
    id: site.id,
    name: site.name,
    image: opts.signUrl(site.image),
    tenant_id: site.tenant_id,
    customer_id: site.customer_id,
    site_status: site.site_status,
    city: site.city,
    country: site.country,
    permission,
    created_at: site.created_at.toISOString(),
    updated_at: site.updated_at.toISOString(),
  };
}
