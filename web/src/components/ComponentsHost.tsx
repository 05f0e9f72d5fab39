/**
 * What the shared components need from the app around them: whether the mobile layout is in
 * use, the page title, and file uploads. The app hands them in (app/ComponentsHostProvider.tsx),
 * so nothing in components/ reaches into the app shell or the API client.
 */
import type { UploadFolder } from '@asbuilt/domain';
import { createContext, useContext, useEffect } from 'react';

export interface HostUploadRequest {
  folder: UploadFolder;
  file: File;
  site_id?: number;
  tenant_id?: number;
}

export interface ComponentsHost {
  /** The mobile layout is in use (phone width or forced): tables become card lists. */
  mobile: boolean;
  /**
   * Shows `page` as the browser tab's title (and as the header's title with `header`); returns
   * what restores the header's default, if anything.
   */
  showPageTitle: (page: string | null | undefined, header: boolean) => (() => void) | undefined;
  /** Uploads one file through an upload slot; resolves to its storage key. */
  uploadFile: (request: HostUploadRequest) => Promise<string>;
}

const noHost: ComponentsHost = {
  mobile: false,
  showPageTitle: () => undefined,
  uploadFile: () => Promise.reject(new Error('uploadFile outside ComponentsHostContext')),
};

export const ComponentsHostContext = createContext<ComponentsHost>(noHost);

export function useComponentsHost(): ComponentsHost {
  return useContext(ComponentsHostContext);
}

/** The page title while the calling component is mounted (see `showPageTitle`). */
export function useHostPageTitle(page: string | null | undefined, options: { header?: boolean } = {}) {
  const { showPageTitle } = useComponentsHost();
  const header = options.header ?? false;
  useEffect(() => showPageTitle(page, header), [showPageTitle, page, header]);
}
