// react-admin's own pages that a user rarely sees (authentication error, the
// social login callback): fetched, through src/app/frame/lazyFramePages.ts, only when shown.
export { AuthCallback, AuthenticationError } from 'react-admin';
