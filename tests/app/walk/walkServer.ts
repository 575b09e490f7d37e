// The UI walk's one server (vitest globalSetup): the real server on the demo data, started once
// in vitest's own Node process and shared by every walk file over HTTP on a free local port.
// Outside jsdom on purpose: in a jsdom test file the server's Buffers are not instances of the
// page's Uint8Array, and PGlite refuses them as bytea (every uploaded file was a 500).
//
// The port answers at once and the database (PGlite's initdb, the tables, the demo data) is
// made meanwhile: requests wait for it, while the walk files load the app's modules.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTestServer, type TestServer } from '../../server/harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The walk server's base address, e.g. http://127.0.0.1:40123. */
    walkServer: string;
  }
}

export default async function setup(project: TestProject) {
  const starting: Promise<TestServer> = startTestServer({ demoData: true });
  // Kept from being an unhandled rejection here; each request waiting for it answers 503 with the reason.
  starting.catch(() => undefined);
  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    starting.then(
      (server) => server.app.routing(request, response),
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end(`the walk server did not start: ${error instanceof Error ? error.stack : String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  project.provide('walkServer', `http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  return async () => {
    // Closing PGlite ends its Emscripten runtime, which sets process.exitCode to 0: vitest has
    // set it to 1 by now when a test failed, and a failed walk must fail `npm test`.
    const exitCode = process.exitCode;
    await new Promise((resolve) => http.close(resolve));
    await (await starting.catch(() => null))?.close();
    process.exitCode = exitCode;
  };
}
