// The announcement's creator (spec 2 §3 `creator`, the display name on the cards) is the
// writer's name, taken when it is created, whatever the body says.

import type { Row } from '../db/database';
import { defineHooks } from '../records/entityHooks';

export default defineHooks({
  async beforeChange({ context, operation, data }) {
    if (operation !== 'create') return;
    const user: Row | undefined = await context.tx.selectFrom('users').select('name').where('username', '=', context.username).executeTakeFirst();
    return { ...data, creator: String(user?.name ?? context.username).slice(0, 150) };
  },
});
