// A hook file named after no schema: loading it stops the start (tests/server/hooks.test.ts).

import { defineHooks } from '../../../../server/records/entityHooks';

export default defineHooks({});
