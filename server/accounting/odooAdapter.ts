// The accounting adapter for Odoo over its external JSON-RPC API (issue 13; spec 3 §3.2
// "Accounting-system: database name, password, URL, company name"): `POST <url>/jsonrpc` with
// `{ jsonrpc: '2.0', method: 'call', params: { service, method, args } }`;
// `common.authenticate(db, login, password, {})` answers the uid (false when refused), then
// `object.execute_kw(db, uid, password, model, method, args, kwargs)` for each model call.
//
// A journal becomes an `account.move` of type `entry` in the company's general journal, its
// lines `(0, 0, {account_id, name, debit, credit})` commands with the accounts found by code,
// `ref` set to the external id, and the external id itself as an `ir.model.data` record
// (module `sekolah`, name `journal_<id>`), then posted (`action_post`). Before making one,
// the sync asks findByExternalId: the ir.model.data record, or (when an attempt crashed
// between making the move and its ir.model.data) a move whose ref is the external id, whose
// ir.model.data is then made. So a retry never makes a second move.
//
// Odoo's errors come back as `{ error: { message, data: { name, message } } }`: AccessDenied (a
// wrong login) is `auth`; UserError, ValidationError, AccessError, MissingError (Odoo refused
// what was asked) are `refused` with Odoo's own message; anything else, or no answer, is
// `unreachable` and tried again later.

import { AccountingError, type AccountingAdapter, type ConnectionReport, type OutgoingJournal, type RemoteJournal } from './accountingAdapter';

export interface OdooSettings {
  url: string;
  database: string;
  username: string;
  password: string;
  companyName: string;
  /** Per HTTP call; the sync's lease is far longer (./syncWorker.ts). */
  timeoutMs?: number;
}

const REFUSALS = ['UserError', 'ValidationError', 'AccessError', 'MissingError', 'RedirectWarning'];
const MODULE = 'sekolah';
/** The methods that only read, tried again once when the connection failed. */
const READS = new Set(['search_read', 'read', 'search', 'search_count']);

interface RpcError {
  message?: string;
  data?: { name?: string; message?: string };
}

type Domain = unknown[];

function splitExternalId(externalId: string): { module: string; name: string } {
  const dot = externalId.indexOf('.');
  return dot > 0 ? { module: externalId.slice(0, dot), name: externalId.slice(dot + 1) } : { module: MODULE, name: externalId };
}

export function odooAdapter(settings: OdooSettings): AccountingAdapter {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/jsonrpc`;
  const timeoutMs = settings.timeoutMs ?? 30_000;
  let calls = 0;
  let uid: number | null = null;
  let companyId: number | null = null;

  const post = (service: string, method: string, args: unknown[]) => {
    calls += 1;
    return fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: calls }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  };

  /**
   * One call. A connection that failed is tried once more at once when the call only reads (a
   * kept-alive connection the server closed as we reused it: "other side closed"); a write is
   * not, since it may have arrived: the next attempt's lookup finds what it made.
   */
  async function rpc<T>(service: string, method: string, args: unknown[], reads = service === 'common'): Promise<T> {
    let response: Response;
    try {
      response = await post(service, method, args).catch((error: unknown) => {
        if (!reads || (error instanceof Error && error.name === 'TimeoutError')) throw error;
        return post(service, method, args);
      });
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new AccountingError('unreachable', `${endpoint}: ${cause}`, 'unreachable', { url: settings.url, cause });
    }
    if (!response.ok) throw new AccountingError('unreachable', `${endpoint}: HTTP ${response.status}`, 'httpStatus', { url: settings.url, status: String(response.status) });
    let body: { result?: T; error?: RpcError };
    try {
      body = (await response.json()) as { result?: T; error?: RpcError };
    } catch {
      throw new AccountingError('unreachable', `${endpoint}: not a JSON-RPC answer`, 'notOdoo', { url: settings.url });
    }
    if (body.error) {
      const name = body.error.data?.name ?? '';
      const message = body.error.data?.message || body.error.message || name || 'Odoo error';
      if (name.endsWith('AccessDenied')) throw new AccountingError('auth', message, 'loginRefused');
      if (REFUSALS.some((kind) => name.endsWith(kind))) throw new AccountingError('refused', message);
      throw new AccountingError('unreachable', message);
    }
    return body.result as T;
  }

  async function login(): Promise<number> {
    if (uid !== null) return uid;
    const answer = await rpc<number | false>('common', 'authenticate', [settings.database, settings.username, settings.password, {}]);
    if (typeof answer !== 'number' || answer <= 0) throw new AccountingError('auth', 'Access Denied', 'loginRefused');
    uid = answer;
    return uid;
  }

  async function execute<T>(model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}): Promise<T> {
    const user = await login();
    return rpc<T>('object', 'execute_kw', [settings.database, user, settings.password, model, method, args, kwargs], READS.has(method));
  }

  const searchRead = <T>(model: string, domain: Domain, fields: string[], extra: Record<string, unknown> = {}) => execute<T[]>(model, 'search_read', [domain], { fields, ...extra });

  async function company(): Promise<number> {
    if (companyId !== null) return companyId;
    const found = await searchRead<{ id: number }>('res.company', [['name', '=', settings.companyName]], ['id'], { limit: 1 });
    if (!found[0]) throw new AccountingError('auth', `No company named ${settings.companyName}`, 'noCompany', { company: settings.companyName });
    companyId = found[0].id;
    return companyId;
  }

  const inCompany = (id: number) => ({ context: { allowed_company_ids: [id] } });

  return {
    async testConnection(): Promise<ConnectionReport> {
      const version = await rpc<{ server_version?: string }>('common', 'version', []);
      const user = await login();
      return { serverVersion: String(version?.server_version ?? ''), uid: user, companyId: await company() };
    },

    async findByExternalId(externalId: string): Promise<RemoteJournal | null> {
      const { module, name } = splitExternalId(externalId);
      const data = await searchRead<{ res_id: number }>('ir.model.data', [['module', '=', module], ['name', '=', name], ['model', '=', 'account.move']], ['res_id'], { limit: 1 });
      if (data[0]) {
        const moves = await execute<{ id: number; state: string }[]>('account.move', 'read', [[data[0].res_id]], { fields: ['state'] });
        if (moves[0]) return { remoteId: moves[0].id, posted: moves[0].state === 'posted' };
      }
      // An attempt that made the move but crashed before its ir.model.data: found by its ref, then named.
      const byRef = await searchRead<{ id: number; state: string }>('account.move', [['ref', '=', externalId]], ['state'], { limit: 1, ...inCompany(await company()) });
      if (!byRef[0]) return null;
      if (!data[0]) await execute<number>('ir.model.data', 'create', [{ module, name, model: 'account.move', res_id: byRef[0].id, noupdate: true }]);
      return { remoteId: byRef[0].id, posted: byRef[0].state === 'posted' };
    },

    async pushJournal(journal: OutgoingJournal): Promise<number> {
      const companyRef = await company();
      const codes = [...new Set(journal.lines.map((line) => line.accountCode))];
      const accounts = await searchRead<{ id: number; code: string }>('account.account', [['code', 'in', codes]], ['id', 'code'], inCompany(companyRef));
      const byCode = new Map(accounts.map((account) => [account.code, account.id]));
      const missing = codes.filter((code) => !byCode.has(code));
      if (missing.length) throw new AccountingError('refused', `No account with code ${missing.join(', ')} in ${settings.companyName}`, 'unknownAccount', { codes: missing.join(', '), company: settings.companyName });
      const journals = await searchRead<{ id: number }>('account.journal', [['type', '=', 'general'], ['company_id', '=', companyRef]], ['id'], { limit: 1 });
      if (!journals[0]) throw new AccountingError('refused', `No miscellaneous (general) journal in ${settings.companyName}`, 'noGeneralJournal', { company: settings.companyName });
      const { module, name } = splitExternalId(journal.externalId);
      const moveId = await execute<number>(
        'account.move',
        'create',
        [
          {
            move_type: 'entry',
            date: journal.date,
            ref: journal.externalId,
            narration: [journal.journalNo, journal.description].filter(Boolean).join(' — '),
            journal_id: journals[0].id,
            company_id: companyRef,
            line_ids: journal.lines.map((line) => [0, 0, { account_id: byCode.get(line.accountCode), name: line.label, debit: line.debit, credit: line.credit }]),
          },
        ],
        inCompany(companyRef),
      );
      await execute<number>('ir.model.data', 'create', [{ module, name, model: 'account.move', res_id: moveId, noupdate: true }]);
      await execute<unknown>('account.move', 'action_post', [[moveId]], inCompany(companyRef));
      return moveId;
    },

    async postJournal(remoteId: number): Promise<void> {
      await execute<unknown>('account.move', 'action_post', [[remoteId]], inCompany(await company()));
    },
  };
}
