/** `GET /api/global/search`, a short while after the last key press. */
import type { SearchResponse } from '@asbuilt/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';

const WAIT_MS = 180;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), WAIT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function useGlobalSearch(query: string) {
  const q = useSettled(query.trim());
  return useQuery({
    queryKey: ['global-search', q],
    queryFn: ({ signal }) => api.get<SearchResponse>('/global/search', { q, limit: 30 }, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
