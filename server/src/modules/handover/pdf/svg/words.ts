/** The drawings' words in the pack's language (catalogue `packDrawings`). */
import type { Language } from '@asbuilt/domain';
import { registerCatalogue, translate } from '../../../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

registerCatalogue('packDrawings', { en, fr, nl });

export type DrawingWords = (key: string, params?: Record<string, string | number>) => string;

/** `key` in this catalogue, or `domain:…` in the domain's (signals, rack faces). */
export function drawingWords(language: Language): DrawingWords {
  return (key, params) => translate(language, key.includes(':') ? key : `packDrawings:${key}`, params);
}
