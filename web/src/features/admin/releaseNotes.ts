/**
 * The release notes of /admin/release_notes, newest first: a new release adds a row here and its
 * items' words to the `admin` catalogues (`release_notes.item.<key>`).
 */
export interface ReleaseNote {
  version: string;
  items: readonly ReleaseItem[];
}

export type ReleaseItem =
  | 'ai_product_started'
  | 'json_exports'
  | 'site_logs_limited'
  | 'log_filters'
  | 'secrets_private_shared'
  | 'secret_reveal_logged'
  | 'mobile_layout'
  | 'shortcut_menu'
  | 'plan_refactored'
  | 'plan_zoom'
  | 'schemas_started'
  | 'floorplan_upload';

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  { version: '0.1.8', items: ['ai_product_started', 'json_exports'] },
  { version: '0.1.7', items: ['site_logs_limited', 'log_filters'] },
  { version: '0.1.6', items: ['secrets_private_shared', 'secret_reveal_logged'] },
  { version: '0.1.5', items: ['mobile_layout', 'shortcut_menu'] },
  { version: '0.1.4', items: ['plan_refactored', 'plan_zoom'] },
  { version: '0.1.3', items: ['schemas_started', 'floorplan_upload'] },
];
