import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The item a link names in the address (`?contact=12`): a search result or a shared link opens
 * the page on it. Answers the id (null without one) and a function that drops it from the address.
 */
export function useLinkedItem(param: string): [number | null, () => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(param)) || null;
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [param, setParams],
  );
  return [id, clear];
}
