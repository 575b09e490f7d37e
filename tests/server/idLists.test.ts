// A list of ids in a body is bounded (a references field's maxItems, 1,000 by default) and is
// looked up with one array parameter, however long: one request with ~33,000 approver roles
// once left the embedded database answering no rows to anyone (PGlite breaks at 32,768 bind
// parameters) until a restart.

import { describe, expect, it } from 'vitest';
import { validators as generatedValidators } from '../../src/generated/all';
import type { ValidateFunction } from '../../src/shared/entityModel';
import { DEFAULT_MAX_ITEMS } from '../../src/shared/validation';
import { created } from './fixtures';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers';
import { fileServer, type TestServer } from './harness';

const idsUpTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

async function transactionType(server: TestServer, code: string) {
  const group = await created(server, 'transaction_group', { code: `G${code}`, name: `Group ${code}` });
  return { code, name: `Type ${code}`, transaction_group_id: group.id, domain: 'tr_permission', prefix: code, format: '{PREFIX}/{NO}', width: 5 };
}

/** What every other user sees after the request: their session, a login and the health check still work. */
async function serverStillAnswers(server: TestServer, code: string): Promise<void> {
  const list = await server.call('GET', `/api/v1/transaction-type?q=${code}`, { as: 'admin' });
  expect(list.status).toBe(200);
  expect(list.json.data.map((row: { code: string }) => row.code)).toEqual([code]);
  const login = await server.call('POST', '/api/v1/auth/login/', { body: { username: 'finance', password: DEMO_PASSWORD } });
  expect(login.status).toBe(200);
  expect((await server.call('GET', '/api/v1/health')).status).toBe(200);
}

describe('a references list over its maxItems', () => {
  const server = fileServer();

  it('is a 422 under the field, in both languages, and the server keeps answering everyone', async () => {
    const body = { ...(await transactionType(server, 'MAX')), approver_role_ids: idsUpTo(33_000) };
    const english = await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body, headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(422);
    expect(english.json.messages).toEqual({ approver_role_ids: [`Choose at most ${DEFAULT_MAX_ITEMS} records`] });
    const indonesian = await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body });
    expect(indonesian.status).toBe(422);
    expect(indonesian.json.messages).toEqual({ approver_role_ids: [`Pilih paling banyak ${DEFAULT_MAX_ITEMS} data`] });

    const saved = await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body: { ...body, approver_role_ids: [] } });
    expect(saved.status).toBe(201);
    await serverStillAnswers(server, 'MAX');
  });

  it('holds at the limit: 1,000 ids are checked against the roles, 1,001 are refused unread', async () => {
    const body = await transactionType(server, 'EDGE');
    const atLimit = await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body: { ...body, approver_role_ids: idsUpTo(DEFAULT_MAX_ITEMS) }, headers: { 'accept-language': 'en' } });
    expect(atLimit.status).toBe(422);
    expect(atLimit.json.messages).toEqual({ approver_role_ids: ['The chosen record no longer exists'] });
    const over = await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body: { ...body, approver_role_ids: idsUpTo(DEFAULT_MAX_ITEMS + 1) }, headers: { 'accept-language': 'en' } });
    expect(over.json.messages).toEqual({ approver_role_ids: [`Choose at most ${DEFAULT_MAX_ITEMS} records`] });
  });
});

describe('ids that reach the database', () => {
  // A validator that lets any body through stands for a schema allowing long lists: what
  // is left is the query layer, which must bind the whole list as one parameter. 70,000 is
  // past both PGlite's 32,768 and PostgreSQL's 65,535 parameters.
  const lenient: ValidateFunction = Object.assign(() => true, { errors: null });
  const server = fileServer({ validators: { ...generatedValidators, transaction_type: lenient } });

  it('are looked up with one parameter: 70,000 unknown ids are a 422 and the database keeps answering', async () => {
    const body = await transactionType(server, 'ANY');
    expect((await server.call('POST', '/api/v1/transaction-type', { as: 'admin', body })).status).toBe(201);
    const answer = await server.call('POST', '/api/v1/transaction-type', {
      as: 'admin',
      body: { ...body, code: 'ANY2', approver_role_ids: idsUpTo(70_000) },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.messages).toEqual({ approver_role_ids: ['The chosen record no longer exists'] });
    await serverStillAnswers(server, 'ANY');
  });
});
