// The invoice pages' calls (contract: src/shared/api/finance.ts): the app's page call hook
// (src/app/pageCalls.ts), and what a refusal says beyond the fields a form shows.

import { HttpError } from 'react-admin';
import { fieldErrorsOf, messageOf, usePageCalls, type PageCalls } from '../../app/pageCalls';

export { fieldErrorsOf, messageOf, withQuery, type Query } from '../../app/pageCalls';
export type FinanceCalls = PageCalls;
export const useFinanceCalls = usePageCalls;

/**
 * What a refusal says beyond the fields a form shows: the messages of other fields (`ids`, a
 * root message), or the refusal's own message when it names no field; null when every message
 * has its field on the form (they show there).
 */
export function unplacedMessage(error: unknown, shown: readonly string[]): string | null {
  const fields = fieldErrorsOf(error);
  if (Object.keys(fields).length === 0) return messageOf(error);
  const rest = Object.entries(fields)
    .filter(([field]) => !shown.includes(field))
    .map(([, text]) => text);
  const root = error instanceof HttpError ? (error.body as { errors?: { root?: { serverError?: unknown } } } | null)?.errors?.root?.serverError : undefined;
  if (typeof root === 'string') rest.push(root);
  return rest.length > 0 ? [...new Set(rest)].join(' ') : null;
}
