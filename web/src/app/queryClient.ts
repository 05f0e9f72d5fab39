import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { toastError } from '../lib/toast.ts';

/**
 * Mutations toast their server errors (one toast per message) unless they set
 * `meta: { silent: true }`. Queries show their errors in place.
 */
export function createQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
