// A refused request: its HTTP status and the answer's message (already in the caller's
// language), plus messages per field for 422 and any extra keys the answer must carry.

import type { Locale } from '../../src/shared/entityModel';
import { message, type MessageKey } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    text: string,
    readonly messages?: FieldErrors,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(text);
  }
}

/** An ApiError whose message is `key` of messages.ts in `locale`. */
export function apiError(
  locale: Locale,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
): ApiError {
  return new ApiError(status, message(locale, key, params));
}

/** 422 with messages under the fields that caused them. */
export function invalidInput(locale: Locale, messages: FieldErrors): ApiError {
  return new ApiError(422, message(locale, 'invalidInput'), messages);
}
