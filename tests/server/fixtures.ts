// Records the server tests create through the API, so they depend on no demo data.

import type { TestServer } from './harness';

type Values = Record<string, unknown>;

export async function created(server: TestServer, endpoint: string, body: Values): Promise<Values & { id: number; version: number }> {
  const answer = await server.call('POST', `/api/v1/${endpoint}`, { as: 'admin', body });
  if (answer.status !== 201) throw new Error(`POST ${endpoint} answered ${answer.status}: ${answer.text}`);
  return answer.json.data;
}

export function academicYear(server: TestServer, name: string, values: Values = {}) {
  const start = Number(name.slice(0, 4));
  return created(server, 'academic-year', {
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

export function schoolClass(server: TestServer, parents: Values, code: string, values: Values = {}) {
  return created(server, 'class', { code, name: `Kelas ${code}`, ...parents, ...values });
}

/** A 1×1 transparent PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
