/**
 * The device card and the devices page's dialogs, loaded after the page's rows are drawn (see
 * components/shownLater.tsx): the pages import them from here, not from their own files.
 */
import { shownLater } from '../../components/shownLater.tsx';

export const DeviceCard = shownLater(() => import('./DeviceCard.tsx').then((m) => m.DeviceCard));
export const NewDeviceDialog = shownLater(() =>
  import('./NewDeviceDialog.tsx').then((m) => m.NewDeviceDialog),
);
export const ExportDevicesDialog = shownLater(() =>
  import('./ExportDevicesDialog.tsx').then((m) => m.ExportDevicesDialog),
);
export const EditSelectedDevicesDialog = shownLater(() =>
  import('./EditSelectedDevicesDialog.tsx').then((m) => m.EditSelectedDevicesDialog),
);
export const ImportDevicesDialog = shownLater(() =>
  import('./import/ImportDevicesDialog.tsx').then((m) => m.ImportDevicesDialog),
);
