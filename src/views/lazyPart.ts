// A part of a view whose code is fetched when it is first drawn (React.lazy). If the fetch
// fails (offline, a new deployment replaced the file), the view's boundary says so in the
// user's language and offers a reload, as for the view itself (src/app/ViewLoadBoundary.tsx).

import { lazy, type ComponentType } from 'react';
import { ViewLoadError } from './viewLoadError';

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        throw new ViewLoadError(error);
      },
    ),
  );
}
