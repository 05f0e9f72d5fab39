/**
 * A made-up schematic the layout worker lays out before the real one: 40 devices and 80 cables of
 * the shapes a site has (inputs left, outputs right, network ports to two switches, a free end),
 * built by the same builder with the same options, so ELK's code for ports on fixed sides,
 * layering, crossing reduction and orthogonal routing is compiled by the time the site's own
 * graph arrives. A fresh engine lays out its first real graph about 2.5 times slower than a warm
 * one (bench/RESULTS.md, "The schematic's layout"); this costs a quarter of a second of the
 * worker's time, while the page is idle.
 */
import { buildSchematicGraph, type SchematicCable, type SchematicDevice } from '@asbuilt/domain';

const DEVICES = 40;
const SWITCHES = [1, 2];

export function warmUpGraph() {
  const devices: SchematicDevice[] = Array.from({ length: DEVICES }, (_, i) => ({
    id: i + 1,
    code: `W-${String(i + 1).padStart(3, '0')}`,
    name: `Warm-up ${i + 1}`,
    model: 'Model',
    floorId: 1,
    locationId: 1 + (i % 4),
    archived: false,
  }));
  const cables: SchematicCable[] = [];
  const port = (label: string, io: string, signal: string) => ({ label, terminal: null, signal, io });
  const add = (
    a: number,
    aPort: number,
    aIo: string,
    b: number | null,
    bPort: number,
    bIo: string,
    signal: string,
  ) =>
    cables.push({
      id: cables.length + 1,
      code: `C-${cables.length + 1}`,
      status: 'installed',
      a_device_id: a,
      a_interface_id: aPort,
      a_label: null,
      a_port: port(`P${aPort}`, aIo, signal),
      b_device_id: b,
      b_interface_id: b === null ? null : bPort,
      b_label: b === null ? 'Provider' : null,
      b_port: b === null ? null : port(`P${bPort}`, bIo, signal),
    });
  add(1, 100, 'bi-directional', null, 0, '', 'Data');
  add(1, 101, 'bi-directional', 2, 100, 'bi-directional', 'Data');
  for (let d = 3; d <= DEVICES; d++) {
    // Each device on a switch, and its outputs to two devices further on (signal flows rightwards).
    add(d, 50, 'bi-directional', SWITCHES[d % 2]!, 100 + d, 'bi-directional', 'Data');
    for (const step of [1, 7]) {
      const to = 3 + ((d - 3 + step) % (DEVICES - 2));
      if (cables.length < 80)
        add(d, 10 + step, 'output', to, 20 + step + (d % 3), 'input', step === 1 ? 'Audio' : 'Video');
    }
  }
  return buildSchematicGraph(devices, cables);
}
