// The demo seed: every demo file loads and passes the same checks as an API write, the id
// sequences move past the seeded ids, a broken record stops the seed naming file and
// record, and a database with users is never seeded again.

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { findUser } from '../../server/auth/userStore';
import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { tables } from '../../server/generated/tables';
import { readSeedFile } from '../../server/seed/readSeedFile';
import { DEMO_DATA_DIR, seedDemoData } from '../../server/seed/seedDemoData';
import { seedFirstStart } from '../../server/seed/seedFirstStart';
import { entities, validators } from '../../src/generated/all';
import { academicYear } from './fixtures';
import { openMigratedTestDatabase, openTestDatabase, quietLog, startTestServer, type TestDatabase, type TestServer } from './harness';

const catalog = buildCatalog(entities, validators, tables);

describe('the demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demoData: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is all there', async () => {
    for (const file of readdirSync(DEMO_DATA_DIR).filter((f) => f.endsWith('.yaml'))) {
      const entity = catalog.entityNamed(file.replace(/\.yaml$/, ''))!;
      const reader = entity.access.list.includes('ROLE_ADMIN') ? 'admin' : 'adminfinance';
      if (entity.singleton) {
        // A singleton is its one record, at the endpoint itself.
        const answer = await server.call('GET', `/api/v1/${entity.endpoint}`, { as: reader });
        expect(answer.status, file).toBe(200);
        expect(answer.json.data.id, file).toBe(1);
        continue;
      }
      const answer = await server.call('GET', `/api/v1/${entity.endpoint}?per_page=1`, { as: reader });
      expect(answer.status, file).toBe(200);
      expect(answer.json.total, file).toBeGreaterThan(0);
    }
  });

  it('leaves the id sequences past the seeded ids', async () => {
    const before = await server.call('GET', '/api/v1/academic-year?sort=id&order=DESC&per_page=1', { as: 'admin' });
    const year = await academicYear(server, '2090/2091');
    expect(year.id).toBe(before.json.data[0].id + 1);
  });

  it("links the teacher's login to an employee, whose record the profile shows", async () => {
    const login = await server.call('POST', '/api/v1/auth/login/', { body: { username: 'teacher', password: 'demo' } });
    expect(login.status).toBe(200);
    const profile = await server.call('GET', `/api/v1/users/${login.json.user.id}`, { as: 'teacher' });
    expect(profile.status).toBe(200);
    expect(profile.json.data.employee?.name).toBe('Budi Santoso');
  });
});

describe('the demo logins alone (the tests seed them without the rest)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('leave a link to a record not seeded empty', async () => {
    const answer = await server.call('GET', '/api/v1/users?q=teacher', { as: 'admin' });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toHaveLength(1);
    expect(answer.json.data[0].employee_id ?? null).toBeNull();
  });
});

describe('seeding', () => {
  let database: TestDatabase | undefined;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'seed-'));
  });
  afterEach(async () => {
    // Once each: a test without a database of its own must not drop the previous one's again.
    await database?.dispose();
    database = undefined;
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops at an invalid record, naming file and record', async () => {
    database = await openMigratedTestDatabase();
    const path = join(dir, 'academic_year.yaml');
    writeFileSync(path, 'records:\n  - { id: 1, name: 2025/2026, start_date: 2025-07-14, end_date: 2026-06-26 }\n  - { id: 2, name: "2026", start_date: 2026-07-13, end_date: 2027-06-25 }\n');
    await expect(database.db.transaction().execute((tx) => seedDemoData(tx, catalog, dir))).rejects.toThrow(
      `${path}: record 2 (id 2) is invalid: name: Write the year as YYYY/YYYY, e.g. 2025/2026`,
    );
  });

  it('reads a date written !today +N as that many days after the seeding day in Jakarta, and names a malformed one', () => {
    const path = join(dir, 'employee_training.yaml');
    writeFileSync(path, 'records:\n  - { id: 1, start_date: !today -85, end_date: !today +5, certificate_exp_date: !today }\n');
    // 20:00 UTC on the 31st is already the 1st in Jakarta (UTC+7).
    expect(readSeedFile(path, new Date('2026-12-31T20:00:00Z'))[0].values).toEqual({ start_date: '2026-10-08', end_date: '2027-01-06', certificate_exp_date: '2027-01-01' });
    writeFileSync(path, 'records:\n  - { id: 1, start_date: !today next week }\n');
    expect(() => readSeedFile(path)).toThrow(`${path}: !today takes a whole number of days with its sign (!today +5, !today -30), not "next week"`);
  });

  it('stops at a file of an entity that does not exist', async () => {
    database = await openMigratedTestDatabase();
    const other = mkdtempSync(join(tmpdir(), 'seed-'));
    writeFileSync(join(other, 'spaceship.yaml'), 'records: []\n');
    await expect(seedDemoData(database.db, catalog, other)).rejects.toThrow('there is no entity named spaceship');
    rmSync(other, { recursive: true, force: true });
  });

  it('seeds users and data once, on a database without users', async () => {
    database = await openTestDatabase();
    await migrate(database.db, tables, quietLog);
    expect(await seedFirstStart(database.db, catalog, quietLog)).toBe(true);
    const users: Array<{ id: number; username: string; password: string }> = await database.db.selectFrom('users').select(['id', 'username', 'password']).orderBy('id').execute();
    // The five staff logins, and the vice principal and principal who approve the teachers' leave.
    expect(users.map((u) => u.username)).toEqual(['admin', 'finance', 'adminfinance', 'teacher', 'booking', 'wakasek', 'kepsek']);
    // Stored as argon2 hashes, each its own, of the README's password "demo".
    for (const user of users) expect(await verifyPassword(user.password, 'demo'), user.username).toBe(true);
    expect(new Set(users.map((u) => u.password)).size).toBe(7);
    const { db } = database;
    const roles = await Promise.all(users.map(async (u) => (await findUser(db, u.id))?.roles));
    expect(roles).toEqual([['ROLE_ADMIN'], ['ROLE_FINANCE'], ['ROLE_ADMIN_FINANCE'], ['ROLE_TEACHER'], ['ROLE_BOOKING'], ['ROLE_TEACHER'], ['ROLE_TEACHER']]);
    expect(await seedFirstStart(database.db, catalog, quietLog)).toBe(false);
    // The whole first start, the finance demo's ~600 students and their year of money included
    // (~10 s on an idle machine; over 60 s on PostgreSQL beside the browser tests in CI).
  }, 180_000);
});
