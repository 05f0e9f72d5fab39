/**
 * The domain's catalogue (namespace `domain`): error messages by code, field and column labels,
 * and the words of the specification's fixed lists. Server and web both read it.
 */
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import nl from '../locales/nl.json' with { type: 'json' };
import type { Language } from './languages.ts';

export type DomainCatalogue = typeof en;
export const DOMAIN_NAMESPACE = 'domain';
export const DOMAIN_CATALOGUES: Record<Language, DomainCatalogue> = { en, fr, nl };
/** The English words, which are the specification's own wording. */
export const ENGLISH: DomainCatalogue = en;
