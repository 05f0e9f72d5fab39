import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

// Only fragment links (#id) survive: no external images, fonts or scripts can be pulled in.
purify.addHook('afterSanitizeAttributes', (node) => {
  for (const name of ['href', 'xlink:href', 'src']) {
    const value = node.getAttribute(name);
    if (value !== null && !value.trim().startsWith('#')) node.removeAttribute(name);
  }
  const style = node.getAttribute('style');
  if (style && /url\s*\(\s*['"]?(?!#)/i.test(style)) node.removeAttribute('style');
});

/**
 * An uploaded SVG without script, event handlers, foreign objects or external references, or null
 * when the text is not an SVG document at all.
 */
export function sanitizeSvg(text: string): string | null {
  if (!/<svg[\s>]/i.test(text)) return null;
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    WHOLE_DOCUMENT: false,
  });
  if (!/^\s*<svg[\s>]/i.test(clean)) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}`;
}
