// The databases most server test files start from, made once and copied for each file, on the
// embedded database: migrated with every generated table, and either the demo logins only
// (migrate + seedDemoUsers: `logins`) or the demo data with them (migrate + seedDemoData:
// `demo`). Migrating ~150 tables, hashing the demo passwords and seeding the demo records took
// a few seconds of every one of some hundred files; a copy takes about one. The copy is the data folder of a PGlite that did it, as a tarball
// in the system's temp folder, named by a hash of what shapes it (schemas, server code, the
// generated code), so a change makes a new one; the first file to need it builds it under a
// lock (a folder made atomically), the others wait for it. On PostgreSQL the same databases are
// template databases on the server (./postgresTemplate.ts), and each file gets a copy of its own.

import { buildCatalog } from '../../server/crud/catalog';
import { migrate, type MigrationLog } from '../../server/db/migrate';
import type { Db } from '../../server/db/database';
import type { EmbeddedHandle } from '../../server/db/openDatabase';
import { tables } from '../../server/generated/tables';
import { seedDemoUsers } from '../../server/seed/demoUsers';
import { seedDemoData } from '../../server/seed/seedDemoData';
import { entities, validators } from '../../src/generated/all';
import { embeddedTemplateFile, openTemplateCopy, templateKey } from './embeddedTemplate';
import { copyOfTemplate, postgresTemplate, type PostgresCopy } from './postgresTemplate';

const quiet: MigrationLog = { info: () => {}, warn: () => {} };

/** What a template holds besides the tables: the demo logins, or the demo data (which has them). */
export type TemplateFlavour = 'logins' | 'demo';

async function migrateAndSeed(db: Db, flavour: TemplateFlavour): Promise<void> {
  await migrate(db, tables, quiet);
  const catalog = buildCatalog(entities, validators, tables);
  await db.transaction().execute(async (tx) => {
    if (flavour === 'demo') await seedDemoData(tx, catalog);
    else await seedDemoUsers(tx, catalog);
  });
}

/** An in-memory PGlite holding every generated table, migrated, and the demo logins (or the whole demo data). */
export async function openMigratedEmbedded(flavour: TemplateFlavour = 'logins'): Promise<EmbeddedHandle> {
  const file = await embeddedTemplateFile(`sekolah-migrated-${flavour}-${templateKey()}`, (db) => migrateAndSeed(db, flavour));
  return openTemplateCopy(file);
}

/** The same on PostgreSQL: a database of the test file's own, copied from the template database. */
export async function openMigratedPostgres(flavour: TemplateFlavour, options: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<PostgresCopy> {
  const template = await postgresTemplate(`sekolah_migrated_${flavour}_${templateKey()}`, (db) => migrateAndSeed(db, flavour));
  return copyOfTemplate(template, options);
}
