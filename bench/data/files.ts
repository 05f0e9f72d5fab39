/** The plan SVGs, written where the local storage driver reads them (DATA_DIR/files/<key>), as the demo does. */
import { writeDemoFiles } from '../../server/src/db/seed/demo-support.ts';
import type { World } from './world.ts';

export async function writePlanFiles(
  dataDir: string,
  files: World['files'],
): Promise<{ 'plan files': number }> {
  await writeDemoFiles(dataDir, files);
  return { 'plan files': files.length };
}
