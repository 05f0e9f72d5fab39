/** The header title: "Asbuilt" by default, replaced by a page (e.g. the site name inside a site). */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

// i18n-exempt: the product's name is not translated
export const DEFAULT_TITLE = 'Asbuilt';

interface PageTitleState {
  title: string;
  setTitle: (title: string | null) => void;
}

const PageTitleContext = createContext<PageTitleState>({ title: DEFAULT_TITLE, setTitle: () => {} });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [custom, setCustom] = useState<string | null>(null);
  const value = useMemo(() => ({ title: custom || DEFAULT_TITLE, setTitle: setCustom }), [custom]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

export function useHeaderTitle(): string {
  return useContext(PageTitleContext).title;
}

/** Sets the tab title (and the header's with `header`); returns what restores the header's default. */
function showPageTitle(
  page: string | null | undefined,
  header: boolean,
  setTitle: (title: string | null) => void,
): (() => void) | undefined {
  document.title = page ? `${page} · ${DEFAULT_TITLE}` : DEFAULT_TITLE;
  if (!header) return undefined;
  setTitle(page ?? null);
  return () => setTitle(null);
}

/**
 * Sets the browser tab title to "{page} · Asbuilt"; with `header` set, the header title too
 * (restored to the default when the page unmounts).
 */
export function usePageTitle(page: string | null | undefined, options: { header?: boolean } = {}) {
  const { setTitle } = useContext(PageTitleContext);
  const header = options.header ?? false;
  useEffect(() => showPageTitle(page, header, setTitle), [page, header, setTitle]);
}

/** The same as a call, for the shared components (see ComponentsHostProvider). */
export function usePageTitleSetter() {
  const { setTitle } = useContext(PageTitleContext);
  return useCallback(
    (page: string | null | undefined, header: boolean) => showPageTitle(page, header, setTitle),
    [setTitle],
  );
}
