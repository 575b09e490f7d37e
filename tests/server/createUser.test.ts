// server/createUser.ts, the command that gives a real deployment its first admin, run as a
// deployer runs it: a process of its own on an embedded database folder.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'create-user-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function createUser(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/createUser.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 120_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

// It always runs on an embedded folder (DATABASE_URL is emptied for it), so the PostgreSQL suite
// (TEST_DATABASE=pg) would only run it a second time: it runs in `npm test`.
describe.skipIf(process.env.TEST_DATABASE === 'pg')('createUser', () => {
  it('creates a login, and given the same name in other letter case updates that login instead of failing on the unique name', async () => {
    const made = await createUser('kepala', 'rahasia-sekali', 'ROLE_ADMIN');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('User kepala created, in role group "ROLE_ADMIN" (ROLE_ADMIN)');
    const again = await createUser('Kepala', 'rahasia-lagi-1', 'ROLE_ADMIN');
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('User kepala updated');
  }, 240_000);

  it('refuses roles that are not ROLE_ names, saying how to call it', async () => {
    const refused = await createUser('kepala', 'rahasia-sekali', 'admin');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('usage: tsx server/createUser.ts');
  }, 60_000);
});
