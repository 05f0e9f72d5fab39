export const MIN_PASSWORD_LENGTH = 6;
/** Invitation links carry a token longer than this and an e-mail longer than 3 characters. */
export const MIN_INVITE_TOKEN_LENGTH = 16;
export const MIN_INVITE_EMAIL_LENGTH = 4;

export const RESET_TOKEN_TTL_MINUTES = 60;
export const INVITE_TOKEN_TTL_DAYS = 14;
export const DEFAULT_SESSION_TTL_HOURS = 24 * 14;
/** A session not used for this long ends, whatever its absolute expiry. */
export const DEFAULT_SESSION_IDLE_HOURS = 72;

export const COUNTRIES = ['Belgium', 'France', 'Luxemburg', 'Netherlands'] as const;
export type Country = (typeof COUNTRIES)[number];

export const COMPANY_TYPES = ['Customer', 'Brand', 'Supplier', 'Contractor'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const LOCATION_TYPES = [
  'room',
  'space',
  'outdoor area',
  'Meeting Room',
  'Meeting Room Teams',
  'Workspace',
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const TICKET_STATUSES = [
  'new',
  'open',
  'in progress',
  'in waiting',
  'intervention booked',
  'closed',
] as const;
export const TICKET_PRIORITIES = ['Low', 'Mid', 'High'] as const;
export const TICKET_TYPES = ['Problem', 'Question', 'New Feature'] as const;

export const DEFAULT_STATUS_COLOR = '#2AAD74';
/**
 * The keys of a new site's device statuses: each is named in the reader's language
 * (`domain:device_status.<key>`) for as long as nobody renames it.
 */
export const DEVICE_STATUS_KEYS = ['planned', 'installed', 'commissioned', 'faulty', 'removed'] as const;
export type DeviceStatusKey = (typeof DEVICE_STATUS_KEYS)[number];
export const UNKNOWN_STATUS_COLOR = '#e0e0e0';

/** Attachment and secret links; a null type means the site itself. */
export const LINKABLE_TYPES = ['Floor', 'Location', 'Device'] as const;
export type LinkableType = (typeof LINKABLE_TYPES)[number];

export const DASHBOARD_LOG_COUNT = 5;
export const SITE_LOG_LIMIT = 500;
export const LOG_RESULTS = { min: 10, max: 500, step: 10, default: 100 } as const;

/**
 * What an activity entry records, as a code each reader sees in their own language; the entry's
 * `note` keeps the English words for entries older than the codes and for other readers of the
 * table. `deleted` may carry `{ devices }`: how many devices the deletion changed.
 */
export const LOG_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'archived',
  'unarchived',
  'placed_on_plan',
  'moved_on_plan',
  'taken_off_plan',
  'revealed',
  'access_granted',
  'access_revoked',
  'invited',
  'invitation_resent',
  'password_changed',
  'signed_in_as',
  'replied',
  'note_added',
  'completed',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
export const isLogAction = (value: unknown): value is LogAction =>
  (LOG_ACTIONS as readonly unknown[]).includes(value);

export const ADMIN_EXPORT_MODELS = [
  'activity_logs',
  'attachments',
  'companies',
  'contacts',
  'devices',
  'floors',
  'interfaces',
  'layers',
  'locations',
  'messages',
  'procats',
  'products',
  'secrets',
  'site_accesses',
  'sites',
  'tasks',
  'tenants',
  'tickets',
  'users',
  'zones',
] as const;

/** Rate limits (ARCHITECTURE.md): failures counted per window. */
export const RATE_LIMITS = {
  windowMinutes: 15,
  loginFailuresPerAccount: 10,
  loginFailuresPerAddress: 50,
  loginSuccessPerMinute: 60,
  forgotPerEmail: 5,
  forgotPerAddress: 20,
  loginAsFailures: 5,
  /** Wrong current passwords when changing one's own password or e-mail (a stolen session can't guess). */
  ownPasswordFailures: 10,
  /** Invalid public device links per address before 429. */
  publicDeviceFailuresPerAddress: 100,
} as const;

/** Tenant 1 is the platform library: its products, brands and categories are shared with every tenant. */
export const LIBRARY_TENANT_ID = 1;
