// Records the server tests create through the API, so they depend on no demo data.

import { entities } from '../../src/generated/all';
import type { InputTypes, RecordTypes } from '../../src/generated/types';
import type { TestServer } from './harness';

/**
 * Create a record of `entity` through the API as admin. The body is typed by the schema's
 * generated input type, so a schema change that breaks a fixture fails `npm run typecheck`.
 */
export async function created<N extends keyof InputTypes>(server: TestServer, entity: N, body: InputTypes[N]): Promise<RecordTypes[N]> {
  const endpoint = entities.find((e) => e.name === entity)!.endpoint;
  const answer = await server.call('POST', `/api/v1/${endpoint}`, { as: 'admin', body });
  if (answer.status !== 201) throw new Error(`POST ${endpoint} answered ${answer.status}: ${answer.text}`);
  return answer.json.data;
}

export function academicYear(server: TestServer, name: string, values: Partial<InputTypes['academic_year']> = {}) {
  const start = Number(name.slice(0, 4));
  return created(server, 'academic_year', {
    name,
    start_date: `${start}-07-14`,
    end_date: `${start + 1}-06-26`,
    ...values,
  });
}

/** An academic year, a department and a level: what a class refers to. */
export async function classParents(server: TestServer, suffix: string) {
  const year = await academicYear(server, `20${suffix}/20${Number(suffix) + 1}`);
  const department = await created(server, 'department', { code: `SMA-${suffix}`, name: `SMA ${suffix}` });
  const level = await created(server, 'level', { department_id: department.id, name: `X-${suffix}`, grade: 10 });
  return { academic_year_id: year.id, department_id: department.id, level_id: level.id };
}

export function schoolClass(
  server: TestServer,
  parents: Pick<InputTypes['class'], 'academic_year_id' | 'department_id' | 'level_id'>,
  code: string,
  values: Partial<InputTypes['class']> = {},
) {
  return created(server, 'class', { code, name: `Kelas ${code}`, ...parents, ...values });
}

/** A 1×1 transparent PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
