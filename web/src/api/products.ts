/** Catalogue products: the tenant (and later admin) lists, create, update and one-property edits. */
import type {
  InterfaceAttribute,
  ProductCreateInput,
  ProductDto,
  ProductField,
  ProductsIndexResponse,
} from '@asbuilt/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export type { ProductDto, ProductsIndexResponse };
export type CataloguePath = 'tenant' | 'admin';

export const productKeys = {
  all: ['products'] as const,
  indexes: () => [...productKeys.all, 'index'] as const,
  index: (path: CataloguePath) => [...productKeys.indexes(), path] as const,
};

/** GET /api/tenant/products or /api/admin/products: products, tenants, procats and companies. */
export function useProductsIndex(path: CataloguePath = 'tenant') {
  return useQuery({
    queryKey: productKeys.index(path),
    queryFn: ({ signal }) => api.get<ProductsIndexResponse>(`/${path}/products`, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** What the product form sends: only the fields that are filled in (create) or changed (update). */
export type ProductPayload = { [K in ProductField]?: ProductCreateInput[K] } & {
  tenant_id?: number;
  interfaces_attributes?: InterfaceAttribute[];
};

/** Replaces (or adds) a product in every cached product list, keeping the id order. */
export function storeProduct(queryClient: QueryClient, product: ProductDto) {
  queryClient.setQueriesData<ProductsIndexResponse>({ queryKey: productKeys.indexes() }, (data) => {
    if (!data) return data;
    const at = data.products.findIndex((p) => p.id === product.id);
    const products =
      at >= 0 ? data.products.with(at, product) : [...data.products, product].sort((a, b) => a.id - b.id);
    return { ...data, products };
  });
}

export function useCreateProduct(path: CataloguePath = 'tenant') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductPayload) => api.post<{ product: ProductDto }>(`/${path}/products`, input),
    onSuccess: ({ product }) => storeProduct(queryClient, product),
    // The caller toasts 'Error Creating product: {detail}'.
    meta: { silent: true },
  });
}

export function useUpdateProduct(path: CataloguePath = 'tenant') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductPayload & { id: number }) =>
      api.put<{ product: ProductDto }>(`/${path}/products`, input),
    onSuccess: ({ product }) => storeProduct(queryClient, product),
  });
}

/** PUT /api/products `{ id, <property>: value }`: one property, as the inline editors send it. */
export interface ProductInlineChange<K extends ProductField = ProductField> {
  id: number;
  property: K;
  value: ProductCreateInput[K];
}

export function useInlineEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, property, value }: ProductInlineChange) =>
      api.put<{ product: ProductDto }>('/products', { id, [property]: value }),
    onSuccess: ({ product }) => storeProduct(queryClient, product),
    // InlineEdit shows 'Failed to update'.
    meta: { silent: true },
  });
}
