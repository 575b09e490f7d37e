// Hooks of a singleton (the idle timeout settings), for tests/server/hooks.test.ts.

import { ApiError } from '../../../../server/http/apiError';
import { defineHooks } from '../../../../server/records/entityHooks';

export default defineHooks({
  async beforeChange({ operation, data }) {
    // 13 minutes becomes 15: the saved record shows the hook ran.
    if (operation === 'update' && data.idle_timeout_minutes === 13) return { ...data, idle_timeout_minutes: 15 };
  },
  async afterChange({ record }) {
    if (record.idle_timeout_minutes === 99) throw new ApiError(422, 'refused by the hook', { idle_timeout_minutes: ['not 99'] });
  },
});
