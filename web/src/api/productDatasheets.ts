/** A product's PDF datasheet: set from an upload of the `datasheets` folder, or removed. */
import type { ProductDto } from '@asbuilt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { storeProduct } from './products.ts';
import { uploadFile } from './uploads.ts';

/** Uploads `file` (Super Admin: filed under `tenantId`), then makes it the product's datasheet. */
export function useUploadDatasheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      productId,
      file,
      tenantId,
    }: {
      productId: number;
      file: File;
      tenantId?: number;
    }) => {
      const key = await uploadFile({
        folder: 'datasheets',
        file,
        ...(tenantId ? { tenant_id: tenantId } : {}),
      });
      return api.put<{ product: ProductDto }>('/products/datasheet', { id: productId, key });
    },
    onSuccess: ({ product }) => storeProduct(queryClient, product),
    // The caller says which step failed.
    meta: { silent: true },
  });
}

export function useRemoveDatasheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      api.delete<{ product: ProductDto }>('/products/datasheet', { id: productId }),
    onSuccess: ({ product }) => storeProduct(queryClient, product),
  });
}
