// A test Odoo server inside a test: a node http server speaking Odoo's external JSON-RPC
// protocol (`POST /jsonrpc`, `common.version` / `login` / `authenticate`, `object.execute_kw`)
// over the models the journal sync uses — res.company, account.account, account.journal,
// account.move (create with `(0, 0, vals)` line commands, read, search_read, action_post) and
// ir.model.data — keeping records in memory. It answers errors the way Odoo does
// (`{ error: { code: 200, message: 'Odoo Server Error', data: { name, message, ... } } }`) and
// fails on demand: an outage (HTTP 502 from a proxy in front), a refused login, an account it
// does not have, a refusal to post with Odoo's own message. It is the only double of the
// accounting system in the tests: the adapter under test is the real one (server/accounting/odooAdapter.ts).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Vals = Record<string, unknown>;
type Rec = Vals & { id: number };

export interface OdooMove extends Rec {
  move_type: string;
  ref: string;
  date: string;
  journal_id: number;
  company_id: number;
  state: 'draft' | 'posted';
  name: string;
  line_ids: { account_id: number; name: string; debit: number; credit: number }[];
}

export interface OdooTestServer {
  url: string;
  database: string;
  login: string;
  password: string;
  company: string;
  /** account.move records made, in order. */
  moves: OdooMove[];
  /** ir.model.data records. */
  modelData: Rec[];
  accounts: Rec[];
  /** Every execute_kw call as `model.method`. */
  calls: string[];
  /** An outage: every request answers HTTP 502 (a proxy in front of a stopped Odoo). */
  down: boolean;
  /** When set, action_post raises a UserError with this message (Odoo's lock date, for one). */
  refusePost: string | null;
  /** Forgets the ir.model.data records (what a crash between making a move and naming it leaves). */
  forgetExternalIds(): void;
  stop(): Promise<void>;
}

export interface OdooTestOptions {
  /** The account codes the company has (default the demo chart of accounts). */
  accountCodes?: readonly string[];
}

const DEMO_CODES = ['1-1100', '1-1200', '1-1300', '2-1100', '2-1200', '2-1300', '4-1100', '4-1200', '4-1300', '4-1400', '4-1500', '4-9100', '1-1210', '1-1220'];

class OdooError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

function matches(record: Vals, domain: unknown[]): boolean {
  return domain.every((term) => {
    if (!Array.isArray(term)) return true;
    const [field, op, value] = term as [string, string, unknown];
    const actual = record[field];
    if (op === '=') return actual === value;
    if (op === 'in') return Array.isArray(value) && value.includes(actual);
    throw new OdooError('builtins.ValueError', `Invalid leaf ${JSON.stringify(term)}`);
  });
}

function pick(record: Rec, fields: unknown): Vals {
  const names = Array.isArray(fields) && fields.length ? (fields as string[]) : Object.keys(record);
  const out: Vals = { id: record.id };
  for (const name of names) out[name] = record[name] ?? false;
  return out;
}

export async function startOdooTestServer(options: OdooTestOptions = {}): Promise<OdooTestServer> {
  const database = 'yphb_test';
  const login = 'sync@harapanbangsa.sch.id';
  const password = 'odoo-secret';
  const uid = 7;
  const companies: Rec[] = [{ id: 1, name: 'Yayasan Pendidikan Harapan Bangsa' }];
  const accounts: Rec[] = (options.accountCodes ?? DEMO_CODES).map((code, i) => ({ id: 100 + i, code, name: `Account ${code}`, company_id: 1 }));
  const journals: Rec[] = [
    { id: 1, type: 'sale', name: 'Customer Invoices', company_id: 1 },
    { id: 3, type: 'general', name: 'Miscellaneous Operations', company_id: 1 },
  ];
  const moves: OdooMove[] = [];
  const modelData: Rec[] = [];
  let posted = 0;

  const state = { down: false, refusePost: null as string | null };
  const calls: string[] = [];

  const tables: Record<string, Rec[]> = { 'res.company': companies, 'account.account': accounts, 'account.journal': journals, 'account.move': moves, 'ir.model.data': modelData };

  function create(model: string, vals: Vals): number {
    if (model === 'ir.model.data') {
      if (modelData.some((d) => d.module === vals.module && d.name === vals.name)) throw new OdooError('psycopg2.errors.UniqueViolation', 'duplicate key value violates unique constraint "ir_model_data_module_name_uniq_index"');
      const id = modelData.length + 1;
      modelData.push({ id, noupdate: false, ...vals });
      return id;
    }
    if (model !== 'account.move') throw new OdooError('odoo.exceptions.AccessError', `You are not allowed to create '${model}' records.`);
    const commands = Array.isArray(vals.line_ids) ? (vals.line_ids as unknown[]) : [];
    const lines = commands.map((command) => {
      if (!Array.isArray(command) || command[0] !== 0) throw new OdooError('odoo.exceptions.ValidationError', 'Only (0, 0, values) line commands are expected here.');
      const line = command[2] as Vals;
      if (!accounts.some((a) => a.id === line.account_id)) throw new OdooError('odoo.exceptions.MissingError', 'Record does not exist or has been deleted.\n(Record: account.account, User: 7)');
      return { account_id: Number(line.account_id), name: String(line.name ?? ''), debit: Number(line.debit ?? 0), credit: Number(line.credit ?? 0) };
    });
    const debit = lines.reduce((sum, l) => sum + l.debit, 0);
    const credit = lines.reduce((sum, l) => sum + l.credit, 0);
    if (Math.abs(debit - credit) > 0.001) throw new OdooError('odoo.exceptions.UserError', 'The move is not balanced.');
    const id = 500 + moves.length;
    moves.push({
      id,
      move_type: String(vals.move_type ?? 'entry'),
      ref: String(vals.ref ?? ''),
      date: String(vals.date),
      journal_id: Number(vals.journal_id),
      company_id: Number(vals.company_id ?? 1),
      narration: vals.narration ?? false,
      state: 'draft',
      name: '/',
      line_ids: lines,
    });
    return id;
  }

  function execute(model: string, method: string, args: unknown[], kwargs: Vals): unknown {
    calls.push(`${model}.${method}`);
    const table = tables[model];
    if (!table) throw new OdooError('builtins.KeyError', `'${model}'`);
    if (method === 'search_read') {
      const found = table.filter((r) => matches(r, (args[0] as unknown[]) ?? []));
      const limited = typeof kwargs.limit === 'number' ? found.slice(0, kwargs.limit) : found;
      return limited.map((r) => pick(r, kwargs.fields));
    }
    if (method === 'read') return table.filter((r) => (args[0] as number[]).includes(r.id)).map((r) => pick(r, kwargs.fields));
    if (method === 'create') return create(model, args[0] as Vals);
    if (method === 'action_post' && model === 'account.move') {
      if (state.refusePost) throw new OdooError('odoo.exceptions.UserError', state.refusePost);
      for (const id of args[0] as number[]) {
        const move = moves.find((m) => m.id === id);
        if (!move) throw new OdooError('odoo.exceptions.MissingError', 'Record does not exist or has been deleted.');
        if (move.state === 'posted') continue;
        posted += 1;
        move.state = 'posted';
        move.name = `MISC/${move.date.slice(0, 4)}/${String(posted).padStart(5, '0')}`;
      }
      return false;
    }
    throw new OdooError('builtins.AttributeError', `The method '${method}' does not exist on the model '${model}'`);
  }

  function answer(params: Vals): unknown {
    const args = Array.isArray(params.args) ? (params.args as unknown[]) : [];
    if (params.service === 'common') {
      if (params.method === 'version') return { server_version: '17.0', server_version_info: [17, 0, 0, 'final', 0, ''], server_serie: '17.0', protocol_version: 1 };
      if (params.method === 'login' || params.method === 'authenticate') {
        if (args[0] !== database) throw new OdooError('psycopg2.OperationalError', `connection to server failed: FATAL:  database "${String(args[0])}" does not exist`);
        return args[1] === login && args[2] === password ? uid : false;
      }
    }
    if (params.service === 'object' && params.method === 'execute_kw') {
      const [db, user, pass, model, method, callArgs, kwargs] = args as [string, number, string, string, string, unknown[], Vals | undefined];
      if (db !== database || user !== uid || pass !== password) throw new OdooError('odoo.exceptions.AccessDenied', 'Access Denied');
      return execute(model, method, callArgs ?? [], kwargs ?? {});
    }
    throw new OdooError('builtins.NameError', `service ${String(params.service)} method ${String(params.method)} not found`);
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.down) {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      }
      if (request.method !== 'POST' || request.url !== '/jsonrpc') {
        response.writeHead(404).end('Not Found');
        return;
      }
      let body: { id?: unknown; params?: Vals };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown; params?: Vals };
      } catch {
        response.writeHead(400).end('Invalid JSON data');
        return;
      }
      let reply: Vals;
      try {
        reply = { jsonrpc: '2.0', id: body.id ?? null, result: answer(body.params ?? {}) };
      } catch (error) {
        const kind = error instanceof OdooError ? error.kind : 'builtins.Exception';
        const message = error instanceof Error ? error.message : String(error);
        reply = { jsonrpc: '2.0', id: body.id ?? null, error: { code: 200, message: 'Odoo Server Error', data: { name: kind, debug: `Traceback (most recent call last):\n${kind}: ${message}`, message, arguments: [message], context: {} } } };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    database,
    login,
    password,
    company: companies[0]!.name as string,
    moves,
    modelData,
    accounts,
    calls,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get refusePost() {
      return state.refusePost;
    },
    set refusePost(value: string | null) {
      state.refusePost = value;
    },
    forgetExternalIds() {
      modelData.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
