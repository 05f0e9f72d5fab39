/**
 * The handover pack (issue 42): the as-built dossier a site's integrator hands the building owner,
 * made on the server as a PDF (or a ZIP holding it with every attachment and the exports).
 */

/** The pack's sections, in the order they appear; an asked pack holds a subset of them. */
export const HANDOVER_SECTIONS = [
  'summary',
  'plans',
  'devices',
  'cables',
  'racks',
  'schematics',
  'contacts',
  'attachments',
  'datasheets',
] as const;
export type HandoverSection = (typeof HANDOVER_SECTIONS)[number];

/** The sections a pack holds when the caller names none: all but the appended datasheets. */
export const HANDOVER_DEFAULT_SECTIONS: readonly HandoverSection[] = HANDOVER_SECTIONS.filter(
  (section) => section !== 'datasheets',
);

export const HANDOVER_FORMATS = ['pdf', 'zip'] as const;
export type HandoverFormat = (typeof HANDOVER_FORMATS)[number];

export const HANDOVER_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/**
 * The step a running pack is at, shown under its progress bar (the web translates the key):
 * the PDF's sections in order, then the ZIP's files and the storing.
 */
export const HANDOVER_STEPS = [
  'gathering',
  'cover',
  ...HANDOVER_SECTIONS,
  'contents',
  'archive',
  'storing',
] as const;
export type HandoverStep = (typeof HANDOVER_STEPS)[number];

/** How many packs a site keeps: the eleventh made removes the oldest. */
export const HANDOVER_KEEP = 10;
