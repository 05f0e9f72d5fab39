/** Every catalogue in this language, in one chunk: a browser loads it with one request. */
import domain from '../../../../domain/src/locales/en.json';

export const catalogues = import.meta.glob<Record<string, unknown>>('../../**/locales/en.json', {
  eager: true,
  import: 'default',
});
export { domain };
