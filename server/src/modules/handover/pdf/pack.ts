/** What every section of the pack is drawn with. */
import type { DeviceScope, FloorFacts, SiteFacts } from './data.ts';
import type { PackInput } from './renderPack.ts';
import type { PackSource } from './source.ts';
import type { Words } from './words.ts';
import type { PackWriter } from './writer.ts';

export interface ContentsEntry {
  title: string;
  /** The page it starts on, known once it is drawn. */
  page: number;
  level: 0 | 1;
}

export interface Pack {
  source: PackSource;
  input: PackInput;
  w: PackWriter;
  words: Words;
  site: SiteFacts;
  floors: FloorFacts[];
  scope: DeviceScope;
  /** Where the current section is, 0 to 1: the job's progress bar. */
  advance(fraction: number): void;
}
