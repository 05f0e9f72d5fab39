/**
 * A listed device as the schematic reads it. Which cables a filter shows, the graph and the
 * drawing are the domain's (`domain/src/schematics/`), shared with the handover pack.
 */
import type { ListedDevice, SchematicDevice } from '@asbuilt/domain';

export function toSchematicDevice(device: ListedDevice): SchematicDevice {
  return {
    id: device.id,
    code: device.code,
    name: device.name,
    model: device.product.product_model ?? device.product.name,
    floorId: device.floor_id,
    locationId: device.location_id,
    archived: device.archived,
  };
}
