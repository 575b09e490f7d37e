// The workflow's e-mails (issue 14; server/workflow/workflowMail.ts) through the mail outbox
// and a real SMTP server (./smtpTestServer.ts): a leave request sent, approved by the vice
// principal, rejected by the principal. Each notification's e-mail is queued in the decision's
// transaction, once per request, event and recipient; a refused decision queues nothing; the
// delivery worker sends each once, in both languages.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HR_PATHS } from '../../src/shared/api/hr';
import { deliverDue } from '../../server/mail/deliveryWorker';
import { mailDb } from '../../server/mail/mailDdl';
import { enqueueWorkflowMail } from '../../server/workflow/workflowMail';
import { startTestServer, type TestServer } from './harness';
import { startSmtpTestServer, type SmtpTestServer } from './smtpTestServer';

// Its own start with a longer wait than fileServer's: the demo school's seed on a busy machine.
let server: TestServer;
const api = (path: string) => `/api/v1/${path}`;
const SICK = 2;
const FAST = { backoffBaseMs: 300, backoffMaxMs: 2_000, smtpTimeoutMs: 3_000 } as const;
let smtp: SmtpTestServer;

beforeAll(async () => {
  server = await startTestServer({ demoData: true });
  smtp = await startSmtpTestServer();
}, 300_000);

afterAll(async () => {
  await smtp?.stop();
  await server?.close();
});

const workflowRows = () => mailDb(server.database.db).selectFrom('mail_outbox').selectAll().where('source', '=', 'workflow').orderBy('id').execute();

describe('workflow e-mails', () => {
  it('queues each notification once in the decision’s transaction and delivers it once, in both languages', async () => {
    const db = server.database.db;
    const current = await server.call('GET', api('setting-email'), { as: 'adminfinance' });
    const saved = await server.call('PUT', api('setting-email'), {
      as: 'adminfinance',
      body: { version: current.json.data.version, smtp_host: '127.0.0.1', smtp_port: smtp.port, encryption: 'none', smtp_user: '', smtp_password: '', sender_name: 'Sekolah', sender_email: 'tu@harapanbangsa.sch.id' },
    });
    expect(saved.status, saved.text).toBe(200);
    await sql`update users set email = username || '@harapanbangsa.sch.id' where username in ('teacher', 'wakasek', 'kepsek')`.execute(db);
    const ids = Object.fromEntries((await sql<{ id: number; username: string }>`select id, username from users where username in ('teacher', 'wakasek', 'kepsek')`.execute(db)).rows.map((u) => [u.username, u.id]));

    const made = await server.call('POST', api(HR_PATHS.leaveRequests), { as: 'teacher', body: { leave_type_id: SICK, start_date: '2026-10-20', end_date: '2026-10-20', description: 'Kontrol dokter' } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.data.id as number;
    const sent = await server.call('POST', api(`${HR_PATHS.leaveRequest}/${id}/${HR_PATHS.send}`), { as: 'teacher' });
    expect(sent.status, sent.text).toBe(200);
    const [first, second] = sent.json.data.approvers as Array<{ id: number }>;
    expect((await workflowRows()).map((r) => [r.dedupe_key, r.to_addresses])).toEqual([[`workflow|leave_request|${id}|waiting|1|users:${ids.wakasek}`, 'wakasek@harapanbangsa.sch.id']]);

    // The principal acting before his turn is refused (409): nothing queued.
    const early = await server.call('POST', api(HR_PATHS.leaveSendApproval), { as: 'kepsek', body: { approval_id: second!.id, state: 'approved' } });
    expect(early.status).toBe(409);
    expect(await workflowRows()).toHaveLength(1);

    const approve = await server.call('POST', api(HR_PATHS.leaveSendApproval), { as: 'wakasek', body: { approval_id: first!.id, state: 'approved' } });
    expect(approve.status, approve.text).toBe(200);
    const reject = await server.call('POST', api(HR_PATHS.leaveSendApproval), { as: 'kepsek', body: { approval_id: second!.id, state: 'rejected', reason: 'Bertepatan dengan ujian' } });
    expect(reject.status, reject.text).toBe(200);
    const rows = await workflowRows();
    expect(rows.map((r) => r.dedupe_key)).toEqual([
      `workflow|leave_request|${id}|waiting|1|users:${ids.wakasek}`,
      `workflow|leave_request|${id}|waiting|2|users:${ids.kepsek}`,
      `workflow|leave_request|${id}|rejected|final|users:${ids.teacher}`,
    ]);

    // The same event again (a retried call, another process) inserts nothing.
    const again = await enqueueWorkflowMail(db, { entityName: 'leave_request', documentId: id, event: 'rejected', step: 'final', docName: 'tr_hr_leave_approval', key: 'leave_request_rejected', params: { number: 'x', reason: 'y' } }, [{ kind: 'users', id: ids.teacher! }], 'test');
    expect(again).toEqual([]);

    // Delivered once each over SMTP; a second run sends nothing.
    const report = await deliverDue(db, FAST);
    expect(report.sent).toBe(3);
    await smtp.waitFor(3);
    expect((await deliverDue(db, FAST)).sent).toBe(0);
    const toTeacher = smtp.received.find((m) => m.to.includes('teacher@harapanbangsa.sch.id'))!;
    const number = String(reject.json.data.transaction_no);
    expect(toTeacher.subject).toContain(number);
    expect(toTeacher.decoded).toContain('Bertepatan dengan ujian');
    expect(toTeacher.decoded).toContain('Buka di aplikasi: /hrreqleave?leave=');
    expect(toTeacher.decoded).toContain('Open in the app: /hrreqleave?leave=');
    const toPrincipal = smtp.received.find((m) => m.to.includes('kepsek@harapanbangsa.sch.id'))!;
    expect(toPrincipal.decoded).toMatch(/menunggu persetujuan/);
    expect(toPrincipal.decoded).toMatch(/waiting for approval/);
    expect(smtp.received).toHaveLength(3);
    expect((await workflowRows()).every((r) => r.state === 'sent')).toBe(true);
  });
});
