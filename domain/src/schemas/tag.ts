import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { idField, jsonList, requiredText } from './form.ts';

/**
 * Tenant-wide tags with a colour (issue 43), on devices, sites, locations and attachments. An
 * object carries `tags: [id]`; a body's list replaces the object's tags, and the devices' bulk
 * edit can also add or remove some without touching the others.
 */

export const TAG_NAME_MAX = 40;
/** More tags than this on one object is a misuse of tags (a note is the place for prose). */
export const MAX_TAGS_PER_OBJECT = 30;
/** The colours offered; any `#rrggbb` is taken. A new tag takes the next one in turn. */
export const TAG_COLORS = [
  '#1976d2',
  '#2e7d32',
  '#ed6c02',
  '#d32f2f',
  '#7b1fa2',
  '#0097a7',
  '#5d4037',
  '#616161',
  '#c2185b',
  '#689f38',
] as const;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The colour of the `count`-th tag made: the palette in turn. */
export const tagColorFor = (count: number): string => TAG_COLORS[count % TAG_COLORS.length]!;

const tagName = requiredText('name', TAG_NAME_MAX).refine(
  (name) => !name.includes(','),
  encodeMessage('tag_name_comma'),
);
const tagColor = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: encodeMessage('tag_color_invalid') })
    .regex(HEX_COLOR, encodeMessage('tag_color_invalid'))
    .transform((color) => color.toLowerCase()),
);

/** Ids sorted, each once: the order the database keeps, so an unchanged list compares equal. */
export const sortedTagIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** An object's tags: a list of tag ids (JSON text in a form body); null or '' clears them. */
export const tagIdsField = z.preprocess(
  (value) => (value === null || value === '' ? [] : value),
  jsonList(idField('tag'), 'tags', MAX_TAGS_PER_OBJECT).transform(sortedTagIds),
);

/** The `tags` property of an object's create or update body. */
export const tagFields = { tags: tagIdsField.optional() };

/** GET /api/tenant/tags: the actor's tenant's tags, or with `site_id` those of the site's tenant. */
export const tagListQuerySchema = z.object({
  site_id: idField('site').optional(),
  tenant_id: idField('tenant').optional(),
});
export type TagListQuery = z.output<typeof tagListQuerySchema>;

/**
 * POST /api/tenant/tags: with `site_id`, a tag of the site's tenant made while tagging something on
 * it (Contributor and above, users of the site's own tenant); without, one of the actor's tenant
 * from its settings (Integrator).
 */
export const tagCreateSchema = z.strictObject({
  name: tagName,
  color: tagColor.optional(),
  site_id: idField('site').optional(),
  tenant_id: idField('tenant').optional(),
});
export type TagCreateInput = z.output<typeof tagCreateSchema>;

/** PUT /api/tenant/tags: rename or recolour. */
export const tagUpdateSchema = z
  .strictObject({ id: idField('id'), name: tagName.optional(), color: tagColor.optional() })
  .refine((value) => value.name !== undefined || value.color !== undefined, {
    message: encodeMessage('nothing_to_change'),
  });
export type TagUpdateInput = z.output<typeof tagUpdateSchema>;

export const tagDeleteQuerySchema = z.object({ id: idField('id') });

export const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  /** How many devices, sites, locations and files carry it (on the site asked for, or the tenant). */
  count: z.number(),
});
export type TagDto = z.infer<typeof tagSchema>;

export const tagsResponseSchema = z.object({ tags: z.array(tagSchema), can_manage: z.boolean() });
export type TagsResponse = z.infer<typeof tagsResponseSchema>;
export const tagResponseSchema = z.object({ tag: tagSchema });
export const tagDeleteResponseSchema = z.object({ id: z.number() });

/** The tag changes of the devices' bulk edit: set (`tags`), or add and remove some. */
export const bulkTagFields = {
  add_tags: tagIdsField.optional(),
  remove_tags: tagIdsField.optional(),
};

/** An object's tags after a bulk change: `set` replaces them, then `add` and `remove` apply. */
export function changedTagIds(
  current: readonly number[],
  change: {
    tags?: number[] | undefined;
    add_tags?: number[] | undefined;
    remove_tags?: number[] | undefined;
  },
): number[] {
  const removed = new Set(change.remove_tags ?? []);
  return sortedTagIds([...(change.tags ?? current), ...(change.add_tags ?? [])]).filter(
    (id) => !removed.has(id),
  );
}

/** Tag names as an import cell holds them: comma-separated, trimmed, each once whatever its case. */
export function tagNamesOf(cell: string | null | undefined): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of (cell ?? '').split(',')) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}
