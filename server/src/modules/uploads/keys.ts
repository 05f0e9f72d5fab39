import { badRequest } from '../../platform/errors.ts';
import { isSafeKey } from '../../platform/storage.ts';

/**
 * Where an upload may go. Tenant-wide folders carry the tenant id and site folders the site id,
 * so that ownership is read off the key itself (the specification's folders, one level deeper).
 */
export type UploadScope =
  | { folder: 'products'; tenantId: number }
  | { folder: 'sites'; tenantId: number }
  | { folder: 'attachments'; siteId: number }
  | { folder: 'floorplans'; siteId: number; floorId: number }
  | { folder: 'logos'; tenantId: number }
  | { folder: 'datasheets'; tenantId: number };

export function scopePrefix(scope: UploadScope): string {
  switch (scope.folder) {
    case 'products':
    case 'sites':
    case 'logos':
    case 'datasheets':
      return `${scope.folder}/${scope.tenantId}/`;
    case 'attachments':
      return `attachments/${scope.siteId}/`;
    case 'floorplans':
      return `floorplans/${scope.siteId}/${scope.floorId}/`;
  }
}

/**
 * A key sent back as `url`/`image`/`svg` must lie in the folder the object belongs to; a key of
 * another tenant or site is refused, whatever its name.
 */
export function assertKeyInScope(key: string, scope: UploadScope): void {
  if (!isSafeKey(key) || !key.startsWith(scopePrefix(scope))) {
    throw badRequest('upload_wrong_place');
  }
}
