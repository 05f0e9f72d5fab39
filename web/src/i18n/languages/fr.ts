/** Every catalogue in this language, in one chunk: a browser loads it with one request. */
import domain from '../../../../domain/src/locales/fr.json';

export const catalogues = import.meta.glob<Record<string, unknown>>('../../**/locales/fr.json', {
  eager: true,
  import: 'default',
});
export { domain };
