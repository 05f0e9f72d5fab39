import type { LogEntryDto } from '@asbuilt/domain';
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
] as const;
type Model = (typeof MODELS)[number];
const isModel = (value: string): value is Model => (MODELS as readonly string[]).includes(value);

/** The kind of object an entry is about, in the reader's language (Ressource column). */
export function modelName(t: TFunction<['logs', 'domain']>, model: string): string {
  return isModel(model) ? t(`logs:model.${model}`) : model;
}

/** "Parent › Item" when the entry hangs on something. */
export function itemText(log: LogEntryDto): string {
  return [log.parent_name, log.object_name].filter(Boolean).join(' › ');
}

/** Whether an entry matches the search: user, model, item, parent or note. */
export function matchesLog(log: LogEntryDto, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return [log.user_name, log.object_model, log.object_name, log.parent_name, log.note, log.site_name]
    .filter((v): v is string => Boolean(v))
    .some((v) => v.toLowerCase().includes(wanted));
}
