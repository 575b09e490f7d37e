// The demo school as a first start leaves it (migrate + seedFirstStart: ~600 students, a year of
// their money, the term's attendance, the selection week, HR), seeded once and copied for each
// test file that reads it, as tests/e2e/harness.ts does for the app. Seeding it takes most of a
// minute; a copy takes a second.
//
//   PGlite       the seeded database's data folder as a tarball in the system's temp folder;
//                each file opens an in-memory PGlite from it
//   PostgreSQL   a template database on the server; each file gets `create database … template`
//                of it, dropped at the end
//
// The template is named and built as ./embeddedTemplate.ts says (on PostgreSQL under an advisory
// lock: ./postgresTemplate.ts).

import { buildCatalog } from '../../server/crud/catalog';
import { migrate } from '../../server/db/migrate';
import { tables } from '../../server/generated/tables';
import { seedFirstStart } from '../../server/seed/seedFirstStart';
import { entities, validators } from '../../src/generated/all';
import { embeddedTemplateFile, openTemplateCopy, templateKey } from './embeddedTemplate';
import { onPostgres, quietLog, type TestDatabase } from './harness';
import { copyOfTemplate, postgresTemplate } from './postgresTemplate';

async function seedSchool(db: Parameters<typeof migrate>[0]): Promise<void> {
  await migrate(db, tables, quietLog);
  if (!(await seedFirstStart(db, buildCatalog(entities, validators, tables), quietLog))) throw new Error('the first start seeded nothing');
}

/** A fresh copy of the first start's demo school, for one test file. */
export async function openFirstStartDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const key = templateKey();
  if (!onPostgres) {
    const file = await embeddedTemplateFile(`school-template-${key}`, seedSchool);
    const handle = await openTemplateCopy(file);
    return { ...handle, dispose: handle.close };
  }
  return copyOfTemplate(await postgresTemplate(`school_template_${key}`, seedSchool), options);
}
