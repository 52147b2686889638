import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder (apps/server). Files the server reads at run time are found from here, never
 * from the module asking: the server also runs bundled into one file (dist/server.mjs, one folder
 * deep like src/), where every module has the bundle's location.
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
