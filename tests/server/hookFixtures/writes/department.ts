// Hooks of the department, loaded by name from this folder (tests/server/hooks.test.ts):
// what they do shows in the records and the answers, never in shared test state.

import { ApiError } from '../../../../server/http/apiError';
import { defineHooks } from '../../../../server/records/entityHooks';

export default defineHooks({
  async beforeChange({ context, operation, id, data }) {
    if (operation === 'create' && String(data.code).startsWith('HOOK')) return { ...data, name: String(data.name).toUpperCase() };
    if (operation === 'delete' && id !== null) {
      const stored = await context.tx.selectFrom('department').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      if (stored.name === 'Kept by the hook') throw new ApiError(409, 'the hook keeps this department');
    }
  },
  async afterChange({ operation, record }) {
    if (operation === 'delete' && record.name === 'Refused after') throw new ApiError(409, 'the hook refused after the delete');
  },
});
