// How long the server takes to answer again after its database comes back: the real server
// (server/main.ts) on PostgreSQL behind a TCP proxy; the proxy is closed (every call is 503),
// then opened, and the time until health answers 200 is measured, several times.

import { adminQuery, startServerProcess } from '../tests/server/serverProcess';
import { startTcpProxy } from '../tests/server/tcpProxy';

export interface Recovery {
  /** Milliseconds from the database being reachable again to health answering 200, per round. */
  rounds: number[];
  median: number;
  max: number;
}

async function healthStatus(url: string): Promise<number> {
  return (await fetch(`${url}/api/v1/health`)).status;
}

/** null when PostgreSQL cannot be reached at `databaseUrl`. */
export async function recoveryTime(databaseUrl: string, rounds: number): Promise<Recovery | null> {
  try {
    await adminQuery(databaseUrl, 'select 1');
  } catch {
    return null;
  }
  const proxy = await startTcpProxy(new URL(databaseUrl).hostname, Number(new URL(databaseUrl).port || 5432));
  const server = await startServerProcess(databaseUrl, proxy);
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      await proxy.close();
      if ((await healthStatus(server.url)) !== 503) throw new Error('health did not say 503 while the database was away');
      await proxy.open();
      const started = performance.now();
      while ((await healthStatus(server.url)) !== 200) {
        if (!server.alive()) throw new Error('the server process ended');
      }
      times.push(performance.now() - started);
    }
  } finally {
    await server.stop();
    await proxy.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { rounds: times, median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
}
