/**
 * What the generator asks for and how a reply becomes a product draft: the JSON object is taken
 * from the reply (models wrap it in prose or code fences), checked field by field, and the brand
 * and category are matched to existing ones by name. Nothing is saved: the admin reviews the
 * draft in the product editor.
 */
import { z } from 'zod';

export const SYSTEM_INSTRUCTION =
  'You are a technical product catalogue assistant for building equipment (network, security, audio-visual, HVAC, fire, lighting). ' +
  'Answer with one JSON object only, no prose. Use null for anything you do not know; never invent a URL.';

export function productPrompt(input: { brand: string; model: string; notes?: string | undefined }): string {
  return [
    `Product: ${input.brand} ${input.model}.`,
    input.notes ? `Notes from the administrator: ${input.notes}` : '',
    'Give these fields: name (a short description, brand and model included), product_category ' +
      '("Main / Sub" such as "Network / Switch"), product_model, product_url, image (a URL), ' +
      'product_status (true while in production), description, features (one per line), height, ' +
      'width and depth (mm), weight (g), power (W), sku, upc, ean, brand.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The first balanced JSON object of a reply, parsed; null when there is none. */
export function extractJsonObject(reply: string): Record<string, unknown> | null {
  const start = reply.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < reply.length; i++) {
    const c = reply[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const value: unknown = JSON.parse(reply.slice(start, i + 1));
        return value && typeof value === 'object' && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));
const measure = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? '').replace(',', '.'));
    return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
  });

/** Every field is optional and loose: a wrong one is dropped, not the whole reply. */
const replySchema = z.object({
  name: text.catch(null),
  product_category: text.catch(null),
  product_model: text.catch(null),
  product_url: text.catch(null),
  product_status: z.boolean().nullish().catch(null),
  description: text.catch(null),
  features: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => (Array.isArray(v) ? v.join('\n') : (v ?? null)))
    .catch(null),
  height: measure.catch(null),
  width: measure.catch(null),
  depth: measure.catch(null),
  weight: measure.catch(null),
  power: measure.catch(null),
  sku: text.catch(null),
  upc: text.catch(null),
  ean: text.catch(null),
  brand: text.catch(null),
});
export type AiReply = z.infer<typeof replySchema>;

export function readReply(object: Record<string, unknown>): AiReply {
  return replySchema.parse(object);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The id of the option whose name matches `name` (case and spacing aside), else null. */
export function matchByName<T extends { id: number; name: string }>(
  options: T[],
  name: string | null,
): number | null {
  if (!name) return null;
  const wanted = name.replace(/\s*[/>›]\s*/g, ' / ');
  return options.find((option) => same(option.name, wanted))?.id ?? null;
}

/**
 * The category the model named: an exact match, else the one narrower category under it, or among
 * several the one whose last part the product's own words name ("Security / Camera" and a dome
 * camera: "Security / Camera / Dome").
 */
export function matchCategory(
  options: { id: number; name: string }[],
  name: string | null,
  words: string,
): number | null {
  const exact = matchByName(options, name);
  if (exact !== null || !name) return exact;
  const prefix = `${name
    .replace(/\s*[/>›]\s*/g, ' / ')
    .trim()
    .toLowerCase()} / `;
  const under = options.filter((option) => option.name.toLowerCase().startsWith(prefix));
  if (under.length === 1) return under[0]!.id;
  const text = words.toLowerCase();
  const named = under.filter((option) => text.includes(option.name.split(' / ').at(-1)!.toLowerCase()));
  return named.length === 1 ? named[0]!.id : null;
}

/** An http(s) address, or nothing: a model's "URL" may be prose. */
export function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
