import { registerCatalogue } from '../../platform/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

/** The ZIP's folder names and the pack's file name, in the pack's language (merged with the PDF's words under one namespace). */
registerCatalogue('handover', { en, fr, nl });
