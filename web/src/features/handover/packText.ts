/** How a pack's size and options read in the list. */
import type { HandoverPackDto } from '@asbuilt/domain';

export type SizeUnit = 'b' | 'kb' | 'mb' | 'gb';

/** Bytes in the unit that keeps the number short (decimal units, as file managers show them): one decimal below 10. */
export function sizeParts(bytes: number): { unit: SizeUnit; value: number } {
  const units: SizeUnit[] = ['b', 'kb', 'mb', 'gb'];
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < units.length - 1) {
    value /= 1000;
    index++;
  }
  const rounded = index === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  // 999.6 kB rounds to 1000 kB: shown as 1 MB instead.
  if (rounded >= 1000 && index < units.length - 1) return { unit: units[index + 1]!, value: 1 };
  return { unit: units[index]!, value: rounded };
}

/** The parts of a pack's options summary, in order, as keys and counts the page translates. */
export function optionParts(pack: Pick<HandoverPackDto, 'options'>) {
  return {
    sections: pack.options.sections.length,
    floors: pack.options.floor_ids?.length ?? null,
    archived: pack.options.include_archived,
  };
}
