// The app's own shell routes (logins, areas, password pages, not-found) over a fake server,
// in a memory router, with the idle logout: for the access guard and idle logout tests.

import { render } from '@testing-library/react';
import { AdminContext, AdminUI, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { RegistryDashboard, shellRoutesInLayout, shellRoutesWithoutLayout } from '../../src/app/App';
import { IdleLogout } from '../../src/app/IdleLogout';
import { LoginPage } from '../../src/app/LoginPage';
import { createAuthProvider } from '../../src/providers/authProvider';
import { NotFoundPage } from '../../src/app/frame/NotFoundPage';
import type { HttpRequest, HttpResponse } from '../../src/providers/httpClient';
import { fakeHttp, profileAnswerOf } from './fakeHttp';
import { i18nWithEntries } from './knownEntries';
import { memoryStorage } from './memoryStorage';

/** The answer to a call (or a throw, for a failed call), or undefined to fall through to the defaults. */
export type ShellRespond = (url: string, request: HttpRequest) => Partial<HttpResponse> | undefined;

export interface ShellOptions {
  /** What the session storage holds at the start (locale 'id' unless given). */
  stored: Record<string, string>;
  /** The idle logout's time-out; no idle logout when absent. */
  idleMs?: number;
  /** Answers before the defaults (a profile, check-user-login says the session lives, {} otherwise). */
  respond?: ShellRespond;
}

export function renderShell(at: string, { stored, idleMs, respond }: ShellOptions) {
  const { storage, map } = memoryStorage({ locale: 'id', ...stored });
  const { client, calls } = fakeHttp((url, request) => {
    const answer = respond?.(url, request);
    if (answer) return answer;
    const profile = profileAnswerOf(url);
    if (profile) return profile;
    if (url.includes('check-user-login')) return { json: { data: 1 } as never };
    return { json: {} as never };
  });
  let location = at;
  const authProvider = createAuthProvider({ apiUrl: '/api/v1', httpClient: client, storage, currentPath: () => location });
  render(
    <TestMemoryRouter
      initialEntries={[at]}
      locationCallback={(l) => {
        location = `${l.pathname}${l.search}`;
      }}
    >
      <AdminContext dataProvider={{} as DataProvider} authProvider={authProvider} i18nProvider={i18nWithEntries(storage)} store={memoryStore()}>
        {idleMs !== undefined && <IdleLogout timeoutMs={idleMs} storage={storage} />}
        <AdminUI loginPage={LoginPage} dashboard={RegistryDashboard} catchAll={NotFoundPage} requireAuth disableTelemetry>
          {shellRoutesWithoutLayout()}
          {shellRoutesInLayout()}
        </AdminUI>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { map, storage, calls, where: () => location };
}
