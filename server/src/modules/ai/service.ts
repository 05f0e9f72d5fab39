/**
 * The AI product generator (Super Admin): asks the configured provider about a product and
 * answers a draft for the product editor; nothing is saved here.
 */
import { type AiProductDraft, type AiStatus, message, procatName } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { companies, procats } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import {
  extractJsonObject,
  matchByName,
  matchCategory,
  productPrompt,
  readReply,
  SYSTEM_INSTRUCTION,
  safeUrl,
} from './draft.ts';
import { aiSettings, askProvider, ProviderError } from './provider.ts';

const settingsOf = (ctx: AppContext) => aiSettings(ctx.config.ai);

/** GET /api/admin/ai/status: whether a provider is configured (never the key). */
export function aiStatus(ctx: AppContext, actor: Actor): AiStatus {
  authorize(actor, 'admin:access');
  const settings = settingsOf(ctx);
  return {
    configured: settings !== null,
    provider: settings?.provider ?? null,
    model: settings?.model ?? null,
  };
}

/** POST /api/admin/ai/product: a draft from what the provider knows of `brand` `model`. */
export async function generateProduct(
  ctx: AppContext,
  actor: Actor,
  input: { brand: string; model: string; notes?: string | null | undefined },
  log: { warn: (details: object, text: string) => void },
): Promise<{ draft: AiProductDraft }> {
  authorize(actor, 'admin:access');
  const settings = settingsOf(ctx);
  if (!settings) throw conflict('ai_not_configured');
  let reply: string;
  try {
    reply = await askProvider(settings)(
      SYSTEM_INSTRUCTION,
      productPrompt({ brand: input.brand, model: input.model, notes: input.notes ?? undefined }),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'timeout') {
      throw new AppError(504, message('ai_timeout', { seconds: Math.round(settings.timeoutMs / 1000) }));
    }
    throw new AppError(
      502,
      message('ai_failed', { detail: error instanceof Error ? error.message : 'error' }),
    );
  }
  const object = extractJsonObject(reply);
  if (!object) {
    // The reply is not logged whole: it may be long; its size says enough to a maintainer.
    log.warn({ replyLength: reply.length }, 'AI product reply held no JSON object');
    throw new AppError(502, message('ai_invalid_reply'));
  }
  const fields = readReply(object);
  const brands = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.brand, true))
    .orderBy(companies.tenant_id, companies.id);
  const categories = (await ctx.db.select().from(procats).orderBy(procats.tenant_id, procats.id)).map(
    (p) => ({
      id: p.id,
      name: procatName(p),
    }),
  );
  return {
    draft: {
      name: fields.name,
      product_model: fields.product_model ?? input.model,
      product_url: safeUrl(fields.product_url),
      image_url: safeUrl(typeof object.image === 'string' ? object.image : null),
      product_status: fields.product_status ?? true,
      description: fields.description,
      features: fields.features,
      height: fields.height,
      width: fields.width,
      depth: fields.depth,
      weight: fields.weight,
      power: fields.power,
      sku: fields.sku,
      upc: fields.upc,
      ean: fields.ean,
      brand_id: matchByName(brands, fields.brand ?? input.brand),
      brand_name: fields.brand ?? input.brand,
      procat_id: matchCategory(
        categories,
        fields.product_category,
        [fields.name, fields.description].filter(Boolean).join(' '),
      ),
      category_name: fields.product_category,
    },
  };
}
