/** Hands the shared components what they need from the app: layout, page title, uploads. */
import { type ReactNode, useMemo } from 'react';
import { uploadFile } from '../api/uploads.ts';
import { type ComponentsHost, ComponentsHostContext } from '../components/ComponentsHost.tsx';
import { useLayoutPrefs } from '../layout/LayoutPrefs.tsx';
import { usePageTitleSetter } from '../layout/PageTitle.tsx';

export function ComponentsHostProvider({ children }: { children: ReactNode }) {
  const { mobile } = useLayoutPrefs();
  const showPageTitle = usePageTitleSetter();
  const host = useMemo<ComponentsHost>(
    () => ({ mobile, showPageTitle, uploadFile: (request) => uploadFile(request) }),
    [mobile, showPageTitle],
  );
  return <ComponentsHostContext.Provider value={host}>{children}</ComponentsHostContext.Provider>;
}
