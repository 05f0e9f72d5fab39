/**
 * POST /api/site/devices/many: one or several devices of a product from the new-device dialog.
 * The answer (the site list's short form) goes into the cached device list like a bulk edit's.
 */
import { type DeviceField, expandSiteDevices, type SiteDevicesResponse } from '@asbuilt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { afterDeviceChange } from '../../api/devices.ts';

export interface CreateDevicesPayload {
  product_id: number;
  quantity: number;
  /** `AP-{001}`: the braces give the counter and its zero padding. */
  code_pattern?: string;
  fields: Partial<Record<DeviceField, string | number>>;
  /** Custom field values by field id (issue 43), as typed; every new device takes them. */
  custom_fields?: Record<string, string>;
}

export function useCreateDevices(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, ...input }: CreateDevicesPayload) =>
      expandSiteDevices(
        await api.post<SiteDevicesResponse>('/site/devices/many', { ...input, ...fields, site_id: siteId }),
        siteId,
      ),
    onSuccess: (devices) => afterDeviceChange(queryClient, siteId, devices, { counts: true }),
  });
}
