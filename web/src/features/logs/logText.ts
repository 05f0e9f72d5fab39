import {
  type FieldKey,
  isDeviceColumnKey,
  isFieldKey,
  isLogAction,
  type LogAction,
  type LogEntryDto,
} from '@asbuilt/domain';
import type { TFunction } from 'i18next';

const MODELS = [
  'Site',
  'Floor',
  'Location',
  'Zone',
  'Layer',
  'Device',
  'Attachment',
  'Secret',
  'Contact',
  'SiteAccess',
  'User',
  'Product',
  'Company',
  'Procat',
  'Tenant',
  'Ticket',
  'Connection',
  'Rack',
  'HandoverPack',
  'Task',
  'Tag',
] as const;
type Model = (typeof MODELS)[number];
const isModel = (value: string): value is Model => (MODELS as readonly string[]).includes(value);

/** The kind of object an entry is about, in the reader's language (Ressource column). */
export function modelName(t: TFunction<['logs', 'domain']>, model: string): string {
  return isModel(model) ? t(`logs:model.${model}`) : model;
}

/** Columns logged under another name than their label's key. */
const FIELD_ALIASES: Record<string, FieldKey> = {
  sn: 'serial_number',
  mac: 'mac_address',
  ip: 'ip_address',
  floor_id: 'floor',
  location_id: 'location',
  zone_id: 'zone',
  layer_id: 'layer',
  supplier_id: 'supplier',
  contractor_id: 'contractor',
  customer_id: 'customer',
  company_type: 'type',
  preferred_supplier_id: 'preferred_supplier',
  procat_id: 'product_category',
  brand_id: 'brand',
  product_model: 'model',
  warranty_expiration_date: 'warranty_expires',
  tenant_id: 'tenant',
  password_changed: 'password',
  device_id: 'device',
  main: 'main_category',
  sub1: 'sub_category_1',
  sub2: 'sub_category_2',
  sub3: 'sub_category_3',
};

/** A logged field in the reader's language; a column without a label keeps its name. */
export function fieldLabel(t: TFunction<['logs', 'domain']>, field: string): string {
  const key = FIELD_ALIASES[field] ?? field;
  if (isFieldKey(key)) return t(`domain:field.${key}`);
  return isDeviceColumnKey(field) ? t(`domain:column.${field}`) : field;
}

/**
 * Plan coordinates say nothing a reader needs beyond the action itself; a link's type goes with
 * its item ("Linked item" once, not "Linked item, Linked item type").
 */
const UNLISTED = new Set(['on_plan', 'plan_x', 'plan_y', 'updated_at', 'attachable_type', 'secretable_type']);
/** Fields an action already names ("Archived", not "Archived: Archived"). */
const IMPLIED: Partial<Record<LogAction, string>> = { archived: 'archived', unarchived: 'archived' };

/**
 * What an entry did, in the reader's language: its action, the fields an update changed, and the
 * devices a deletion changed. Entries older than actions keep their English note.
 */
export function actionText(t: TFunction<['logs', 'domain']>, log: LogEntryDto): string {
  const code = log.action;
  if (!isLogAction(code)) return log.note;
  const action = t(`domain:log_action.${code}`);
  const devices = log.params?.devices;
  if (code === 'deleted') {
    return typeof devices === 'number' && devices > 0
      ? t('action.with_devices', { action, count: devices })
      : action;
  }
  if (code === 'created') return action;
  const fields = Object.keys(log.changes ?? {})
    .filter((field) => !UNLISTED.has(field) && IMPLIED[code] !== field)
    .map((field) => fieldLabel(t, field));
  return fields.length > 0
    ? t('action.with_fields', { action, fields: [...new Set(fields)].join(', ') })
    : action;
}

/** "Parent › Item" when the entry hangs on something. */
export function itemText(log: LogEntryDto): string {
  return [log.parent_name, log.object_name].filter(Boolean).join(' › ');
}

/**
 * Whether an entry matches the search: user, model, item, parent, note, or the words the reader
 * sees (`shown`: the translated resource and action).
 */
export function matchesLog(log: LogEntryDto, query: string, shown: string[] = []): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return [
    log.user_name,
    log.object_model,
    log.object_name,
    log.parent_name,
    log.note,
    log.site_name,
    ...shown,
  ]
    .filter((v): v is string => Boolean(v))
    .some((v) => v.toLowerCase().includes(wanted));
}
