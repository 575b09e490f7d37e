// The board's calls (contract: src/shared/api/comboard.ts): the app's page call hook
// (src/app/pageCalls.ts), and what only the board reads of a refusal (a file that exists).

import { HttpError } from 'react-admin';
import type { FileExistsRefusal } from '../../shared/api/comboard';
import { usePageCalls, type PageCalls } from '../../app/pageCalls';

export { fieldErrorsOf, messageOf, withQuery, type Query } from '../../app/pageCalls';
export type ComboardCalls = PageCalls;
export const useComboardCalls = usePageCalls;

/** The existing attachment of a 409 `file_exists` refusal, or null for any other failure. */
export function fileExistsOf(error: unknown): FileExistsRefusal['existing'] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { data?: Partial<FileExistsRefusal> } | null;
  return body?.data?.code === 'file_exists' && body.data.existing ? body.data.existing : null;
}
