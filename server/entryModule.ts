// Whether a module is the script Node was started with (`tsx server/main.ts`), not one imported
// by another: server/main.ts and server/db/createEmbeddedDatabase.ts run as scripts too.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `import.meta.url` of the module asking is the file named on the command line. */
export function isEntryModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}
