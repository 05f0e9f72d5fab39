/**
 * A monitoring alert names a serial number: set that device's status, e.g.
 * `ASBUILT_TOKEN=asb_… npm run status-from-alert -w client -- SN-1234 "Out of order"`.
 */
import { type AsbuiltClient, answer } from '../src/index.ts';
import { clientFromEnvironment, isMain } from './cli.ts';

/** The device whose serial is exactly `serial` (any case), on the sites the token may see; null if none. */
export async function deviceBySerial(api: AsbuiltClient, serial: string) {
  const wanted = serial.trim().toLowerCase();
  const { results } = answer(
    await api.GET('/api/global/search', { params: { query: { q: `type:device ${serial}`, limit: 20 } } }),
  );
  // Search also finds serials that merely start so: the device's own record decides.
  for (const result of results) {
    const { device } = answer(await api.GET('/api/site/devices', { params: { query: { id: result.id } } }));
    if (device.sn?.trim().toLowerCase() === wanted) return device;
  }
  return null;
}

export async function setStatusBySerial(api: AsbuiltClient, serial: string, status: string) {
  const device = await deviceBySerial(api, serial);
  if (!device) return null;
  return answer(await api.POST('/api/site/devices/update_status', { body: { id: device.id, status } }))
    .device;
}

if (isMain(import.meta.url)) {
  const [serial, status] = process.argv.slice(2);
  if (!serial || !status) {
    console.error('Usage: status-from-alert <serial> <status>');
    process.exit(2);
  }
  const device = await setStatusBySerial(clientFromEnvironment(), serial, status);
  if (!device) {
    console.error(`No device with serial ${serial} on the sites this token may see.`);
    process.exit(1);
  }
  console.log(`${device.code ?? `#${device.id}`} is now “${device.status}”.`);
}
