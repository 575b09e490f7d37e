// A view whose code or entity module cannot be fetched (offline, a new deployment replaced
// the chunk) says so in the user's language and offers a reload, instead of a stack trace
// (spec 1 §8: chunk load errors are reported). Other errors go on to react-admin's boundary.

import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';
import { ViewLoadError } from '../views/viewLoadError';

function LoadFailed() {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {translate('app.error.reload')}
        </Button>
      }
    >
      {translate('app.error.load_failed')}
    </Alert>
  );
}

export class ViewLoadBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ViewLoadError) return <LoadFailed />;
    throw error;
  }
}

/**
 * A page whose code is fetched when it is first drawn (React.lazy), so the first page does
 * not carry it: meanwhile the loading indicator, and if the fetch fails the message above.
 * `load` resolves to the component (`() => import('./Page').then((m) => m.Page)`).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // React.lazy remembers a failure: reloading the page is the way to try again.
        throw new ViewLoadError(error);
      },
    ),
  );
  function LazyPage(props: P) {
    return (
      <ViewLoadBoundary>
        <Suspense fallback={<Loading loadingPrimary="app.loading" loadingSecondary="" />}>
          <Page {...props} />
        </Suspense>
      </ViewLoadBoundary>
    );
  }
  return LazyPage;
}
