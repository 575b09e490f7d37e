// The shell's pages off the staff login → list path, each fetched when first drawn
// (src/app/ViewLoadBoundary.tsx: a loading indicator meanwhile, a reload offered if the
// fetch fails), so the first page's code holds only what that path needs. They share one
// chunk (vite.config.ts): opening one area page brings its layout and its content at once.

import { lazyPage } from '../../app/ViewLoadBoundary';

export const AreaHome = lazyPage(() => import('./AreaHome').then((m) => m.AreaHome));
export const AreaLayout = lazyPage(() => import('./AreaLayout').then((m) => m.AreaLayout));
export const ChangePasswordPage = lazyPage(() => import('./ChangePasswordPage').then((m) => m.ChangePasswordPage));
export const HomeModulePage = lazyPage(() => import('./HomeModulePage').then((m) => m.HomeModulePage));
export const NotBuiltPage = lazyPage(() => import('./NotBuiltPage').then((m) => m.NotBuiltPage));
export const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => m.NotFoundPage));
export const NotificationListPage = lazyPage(() => import('./NotificationListPage').then((m) => m.NotificationListPage));
export const NotificationPage = lazyPage(() => import('./NotificationPage').then((m) => m.NotificationPage));
export const ProfilePage = lazyPage(() => import('./ProfilePage').then((m) => m.ProfilePage));
export const PublicNotBuiltPage = lazyPage(() => import('./PublicNotBuiltPage').then((m) => m.PublicNotBuiltPage));

export const AccessDenied = lazyPage(() => import('./reactAdminPages').then((m) => m.AccessDenied));
export const AuthCallback = lazyPage(() => import('./reactAdminPages').then((m) => m.AuthCallback));
export const AuthenticationError = lazyPage(() => import('./reactAdminPages').then((m) => m.AuthenticationError));
