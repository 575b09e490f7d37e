// The one builder of a success envelope (src/shared/api/envelope.ts): every route that
// answers success goes through it, so the envelope's shape is written once.

import type { Success, SuccessFields } from '../../src/shared/api/envelope';

/** `{ success: true, …fields }`, `success` first as v1 answers it. */
export function success<const F extends SuccessFields = Record<never, never>>(fields?: F): Success<F> {
  return { success: true, ...(fields ?? ({} as F)) };
}
