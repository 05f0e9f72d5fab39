import { z } from 'zod';
import { encodeMessage } from '../i18n/messages.ts';
import { SEARCH_KINDS, SEARCH_LIMIT, SEARCH_QUERY_MAX } from '../search.ts';
import { requiredText } from './form.ts';

/** `GET /api/global/search?q=&limit=`. */
export const searchQuerySchema = z.object({
  q: requiredText('q', SEARCH_QUERY_MAX),
  limit: z.coerce
    .number({ error: encodeMessage('field_not_number', { field: 'limit' }) })
    .int(encodeMessage('field_not_whole', { field: 'limit' }))
    .min(1, encodeMessage('field_min', { field: 'limit', min: 1 }))
    .max(SEARCH_LIMIT.max, encodeMessage('field_max', { field: 'limit', max: SEARCH_LIMIT.max }))
    .default(SEARCH_LIMIT.default),
});
export type SearchQueryInput = z.output<typeof searchQuerySchema>;

/** One found object: `url` is the app's path that opens it; `subtitle` says where it is. */
export const searchResultSchema = z.object({
  type: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  title: z.string(),
  subtitle: z.string(),
  url: z.string(),
});
export type SearchResultDto = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** How many objects of each kind match, beyond the `limit` shown. */
  total: z.record(z.enum(SEARCH_KINDS), z.number().int()),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
