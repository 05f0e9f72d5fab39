import { openDatabase } from '../server/src/db/client.ts';
const d = await openDatabase({ dataDir: '/tmp/h8-bench/pglite/db' });
await d.raw(`CREATE INDEX IF NOT EXISTS "products_model_trgm_idx" ON "products" USING gin (lower("product_model") public.gin_trgm_ops)`);
await d.raw('ANALYZE');
await d.close();
