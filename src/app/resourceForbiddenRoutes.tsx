// The addresses of a resource's views that the user's roles lack (issue 16). react-admin's
// <Resource> mounts only the views it is given: without these, a teacher opening /coa saw a
// blank page and /class/2/edit drew the class list (its `/*` route caught the address). Each
// lacking view's address is a route of its own that shows the forbidden page; the resource's
// definition (hasEdit, hasShow…) is unchanged, so no link leads there.

import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { Abilities } from '../views/access';
import { AccessDenied } from './frame/lazyFramePages';

/** Routes (a <Resource>'s children) for each view the abilities lack; a singleton has only its page. */
export function forbiddenRoutes(can: Pick<Abilities, 'list' | 'show' | 'create' | 'edit'>, singleton: boolean): ReactNode {
  const forbidden = <AccessDenied />;
  if (singleton) return can.list ? undefined : <Route path="/*" element={forbidden} />;
  return (
    <>
      {!can.create && <Route path="create/*" element={forbidden} />}
      {!can.show && <Route path=":id/show/*" element={forbidden} />}
      {!can.edit && <Route path=":id/*" element={forbidden} />}
      {!can.list && <Route path="/*" element={forbidden} />}
    </>
  );
}
