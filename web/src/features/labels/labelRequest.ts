/**
 * What the labels dialogs send: the devices (the selection, a floor, a location or the site), the
 * format, where a partly used sheet starts and the fields, as POST /api/site/devices/labels takes
 * them. Pure, so the rules are tested without a browser.
 */
import { LABEL_FORMATS, type LabelField, type LabelFormat, maxStartAt } from '@asbuilt/domain';

export type LabelScope = 'selection' | 'floor' | 'location' | 'site';

export interface DeviceLabelChoice {
  scope: LabelScope;
  selectedIds: readonly number[];
  floorId: number | null;
  locationId: number | null;
  format: LabelFormat;
  /** As typed: may be blank or out of range. */
  startAt: string;
  fields: readonly LabelField[];
}

/** The first free label as a number the format takes, or null when the text is not one. */
export function startAtOf(format: LabelFormat, text: string): number | null {
  if (maxStartAt(format) === 1) return 1;
  const value = text.trim() === '' ? 1 : Number(text);
  return Number.isInteger(value) && value >= 1 && value <= maxStartAt(format) ? value : null;
}

/** The body of the call, or null while the choice is incomplete. */
export function deviceLabelsBody(siteId: number, choice: DeviceLabelChoice) {
  const start_at = startAtOf(choice.format, choice.startAt);
  if (start_at === null) return null;
  const scope =
    choice.scope === 'selection'
      ? choice.selectedIds.length > 0
        ? { ids: [...choice.selectedIds] }
        : null
      : choice.scope === 'floor'
        ? choice.floorId === null
          ? null
          : { floor_id: choice.floorId }
        : choice.scope === 'location'
          ? choice.locationId === null
            ? null
            : { location_id: choice.locationId }
          : { all: true };
  if (!scope) return null;
  return { site_id: siteId, ...scope, format: choice.format, start_at, fields: [...choice.fields] };
}

const FORMAT_KEY = 'asbuilt.labels.format';

/** The format last printed on, on this browser: people keep one kind of label stock. */
export function rememberedFormat(): LabelFormat {
  try {
    const saved = localStorage.getItem(FORMAT_KEY);
    return LABEL_FORMATS.find((format) => format === saved) ?? 'L7651';
  } catch {
    return 'L7651';
  }
}

export function rememberFormat(format: LabelFormat): void {
  try {
    localStorage.setItem(FORMAT_KEY, format);
  } catch {
    // Private browsing without storage: the default comes back next time.
  }
}
