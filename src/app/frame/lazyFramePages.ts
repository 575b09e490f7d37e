// The shell's frame off the staff login → list path, each fetched when first drawn
// (src/app/ViewLoadBoundary.tsx: a loading indicator meanwhile, a reload offered if the
// fetch fails), so the first page's code holds only what that path needs. They share one
// chunk with the bespoke pages (vite.config.ts): opening one area page brings its layout and
// its content at once. The pages themselves are loaded through src/pages/registry.tsx.

import { lazyPage } from '../ViewLoadBoundary';

export const AreaLayout = lazyPage(() => import('./AreaLayout').then((m) => m.AreaLayout));
export const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => m.NotFoundPage));

export const AccessDenied = lazyPage(() => import('./ForbiddenPage').then((m) => m.ForbiddenPage));
export const AuthCallback = lazyPage(() => import('./reactAdminPages').then((m) => m.AuthCallback));
export const AuthenticationError = lazyPage(() => import('./reactAdminPages').then((m) => m.AuthenticationError));
