// What a lazy view's loader throws when its code or module cannot be fetched (offline, a new
// deployment replaced the chunk). The views throw it; the boundary around a view
// (src/app/ViewLoadBoundary.tsx) says so in the user's language and offers a reload.

export class ViewLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ViewLoadError';
  }
}
