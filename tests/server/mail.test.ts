// E-mail (issue 13): templates filled with a parent's open invoices, the CC rule, only parents
// with an email, reminders by the templates' timing, and the outbox delivered over a REAL SMTP
// server (smtp-server inside the test): delivery, an outage then recovery with backoff, a crash
// between the SMTP server's 250 and marking the row sent (not sent twice on restart), and, on
// PostgreSQL, two delivery workers with their own connection pools racing over 200 messages.

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../server/mail/deliveryWorker';
import { mailDb } from '../../server/mail/mailDdl';
import { catchUpReminders, enqueueReminders } from '../../server/mail/reminderScheduler';
import { fillTemplate } from '../../server/mail/templateFill';
import { openPostgres } from '../../server/db/openDatabase';
import { ledgerOf } from '../../server/finance/ledger/ledger';
import type { Db } from '../../server/db/database';
import { mailText } from '../../server/mail/mailTexts';
import { fileServer, onPostgres } from './harness';
import { draft, finance, newParty, type Party } from './ledgerHelpers';
import { startSmtpTestServer, type SmtpTestServer } from './smtpTestServer';

const server = fileServer({ demoData: true });
let smtp: SmtpTestServer;
const db = (): Db => server.database.db;
const FAST = { backoffBaseMs: 300, backoffMaxMs: 2_000, smtpTimeoutMs: 3_000 } as const;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
}, 30_000);
afterAll(async () => {
  await smtp?.stop();
});

/** The SMTP setting pointed at the test server, saved as an administrator would (/settingemail). */
async function pointSmtpAtTestServer(): Promise<void> {
  const current = await server.call('GET', '/api/v1/setting-email', { as: 'adminfinance' });
  const saved = await server.call('PUT', '/api/v1/setting-email', {
    as: 'adminfinance',
    body: { version: current.json.data.version, smtp_host: '127.0.0.1', smtp_port: smtp.port, encryption: 'none', smtp_user: '', smtp_password: 's3cret-pass', sender_name: 'Keuangan Sekolah', sender_email: 'keuangan@harapanbangsa.sch.id' },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** A candidate with these parents' emails, billed `values` (published), due on `due`. */
async function billedParty(emails: { father?: string | null; mother?: string | null }, values: number[], due = '2025-08-10', incomeType = 1): Promise<{ party: Party; invoiceIds: number[] }> {
  const party = await newParty(db(), server.app.records);
  await sql`update candidate set father_email = ${emails.father ?? null}, mother_email = ${emails.mother ?? null} where id = ${party.id}`.execute(db());
  const ledger = ledgerOf(server.app.records);
  const ids = await db().transaction().execute(async (tx) => {
    const made = await ledger.issueInvoices(tx, finance, values.map((value) => draft(party, value, { due_date: due, invoice_date: '2025-08-01', income_type_id: incomeType })));
    await ledger.publishInvoices(tx, finance, { ids: made.ids, published: true });
    return made.ids;
  });
  return { party, invoiceIds: ids };
}

async function outboxRow(id: number) {
  return mailDb(db()).selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const send = (ids: number[], date = '2025-08-31', as = 'adminfinance', kind = 'candidate') =>
  server.call('POST', '/api/v1/mail/send', { as, body: { kind, ids, date, email_type: 'reminder' }, headers: { 'accept-language': 'en' } });

describe('the send answer', () => {
  it('says one email in the singular, more in the plural; Indonesian the same for every count', () => {
    expect([mailText('en', 'queued', { count: 1 }), mailText('en', 'queued', { count: 2 })]).toEqual(['1 email put in the outbox', '2 emails put in the outbox']);
    expect([mailText('id', 'queued', { count: 1 }), mailText('id', 'queued', { count: 2 })]).toEqual(['1 email dimasukkan ke kotak keluar', '2 email dimasukkan ke kotak keluar']);
  });
});

describe('template fill', () => {
  it('lists the open invoices with their names, amounts in Rp and due dates, and fills the placeholders escaped', () => {
    const filled = fillTemplate(
      { subject: 'Tagihan {nama} ({tagihan})', header: '<p>Kop</p>', body: '<p>Yth. orang tua {name} &lt;{nis}&gt;, total {total}, jatuh tempo {jatuh_tempo}.</p>', footer: '<p>Kaki</p>' },
      { name: 'Ani <b>Putri</b>', number: '2025099', class_name: 'X IPA 1' },
      [
        { transaction_no: 'INV/2026/11/00012', income_type: 'SPP', due_date: '2026-11-30', outstanding: 1_250_000 },
        { transaction_no: 'INV/2026/08/00003', income_type: 'Uang Pangkal', due_date: '2026-08-03', outstanding: '3000000' },
      ],
    );
    expect(filled.subject).toBe('Tagihan Ani <b>Putri</b> (2)');
    expect(filled.html).toContain('Yth. orang tua Ani &lt;b&gt;Putri&lt;/b&gt; &lt;2025099&gt;, total Rp 4.250.000, jatuh tempo 3 Agustus 2026.');
    expect(filled.html).not.toContain('<b>Putri');
    for (const text of ['INV/2026/11/00012', 'SPP', '30 November 2026', 'Rp 1.250.000', 'Uang Pangkal', 'Rp 3.000.000', 'Rp 4.250.000']) expect(filled.html).toContain(text);
    // The table follows the body when the body names none, between the header and the footer.
    expect(filled.html.indexOf('Kop')).toBeLessThan(filled.html.indexOf('<table'));
    expect(filled.html.indexOf('</table>')).toBeLessThan(filled.html.indexOf('Kaki'));
    expect(filled.text).toContain('INV/2026/11/00012 SPP, jatuh tempo 30 November 2026: Rp 1.250.000');
    expect(filled.text).toContain('Total: Rp 4.250.000');
    const inEnglish = fillTemplate({ subject: 's', header: null, body: '<p>{invoices}</p>', footer: null }, { name: 'A', number: '1', class_name: null }, [
      { transaction_no: 'X', income_type: 'SPP', due_date: '2026-08-03', outstanding: 5 },
    ], 'en');
    expect(inEnglish.html.match(/<table/g)).toHaveLength(1);
    expect(inEnglish.html).toContain('3 August 2026');
  });
});

describe('templates (/templateemail)', () => {
  const template = (cc: string) => ({ name: `T ${randomUUID().slice(0, 8)}`, email_type: 'reminder', subject: 'S', body: '<p>B</p>', cc, is_active: false });

  it('takes a CC list separated by semicolons without spaces and refuses any other', async () => {
    for (const [cc, lang] of [['keuangan@sekolah.sch.id; kepsek@sekolah.sch.id', 'en'], ['keuangan@sekolah.sch.id,kepsek@sekolah.sch.id', 'id'], ['keuangan@sekolah.sch.id;', 'en'], ['bukan-email', 'en']] as const) {
      const refused = await server.call('POST', '/api/v1/email-template', { as: 'adminfinance', body: template(cc), headers: { 'accept-language': lang } });
      expect(refused.status, cc).toBe(422);
      expect(refused.json.messages.cc[0]).toBe(lang === 'en' ? 'Separate addresses with semicolons, no spaces' : 'Pisahkan alamat dengan titik koma, tanpa spasi');
    }
    const saved = await server.call('POST', '/api/v1/email-template', { as: 'adminfinance', body: template('keuangan@sekolah.sch.id;kepsek@sekolah.sch.id') });
    expect(saved.status, saved.text).toBe(201);
  });

  it('keeps the SMTP password write-only: saved, never sent back', async () => {
    await pointSmtpAtTestServer();
    const read = await server.call('GET', '/api/v1/setting-email', { as: 'adminfinance' });
    expect(read.json.data.smtp_host).toBe('127.0.0.1');
    expect(read.text).not.toContain('s3cret-pass');
    expect(read.json.data).not.toHaveProperty('smtp_password');
    const stored = await mailDb(db()).selectFrom('setting_email').select('smtp_password').executeTakeFirstOrThrow();
    expect(stored.smtp_password).toBe('s3cret-pass');
  });
});

describe('/sendemail', () => {
  it('refuses without a selection or a date, and for a role that may only read', async () => {
    const none = await send([]);
    expect(none.status).toBe(422);
    expect(none.json.messages.ids[0]).toBe('Select students or candidates before sending');
    const noDate = await server.call('POST', '/api/v1/mail/send', { as: 'adminfinance', body: { kind: 'candidate', ids: [1], email_type: 'reminder' }, headers: { 'accept-language': 'id' } });
    expect(noDate.status).toBe(422);
    expect(noDate.json.messages.date[0]).toBe('Pilih tanggal sebelum mengirim');
    expect((await server.call('GET', '/api/v1/mail/outbox', { as: 'teacher' })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/mail/outbox', { as: 'admin' })).status).toBe(403);
  });

  it('sends only to students or candidates with a father’s or mother’s email, and lists the others with why', async () => {
    const both = await billedParty({ father: 'ayah.satu@example.id', mother: 'ibu.satu@example.id' }, [750_000, 250_000]);
    const mother = await billedParty({ mother: 'ibu.dua@example.id' }, [750_000]);
    const nobody = await billedParty({}, [750_000]);
    const ids = [both.party.id, mother.party.id, nobody.party.id];
    const preview = await server.call('GET', `/api/v1/mail/recipients?kind=candidate&date=2025-08-31&email_type=reminder&q=Calon`, { as: 'finance', headers: { 'accept-language': 'id' } });
    expect(preview.status, preview.text).toBe(200);
    const listed = new Map<number, { skip: string | null; skip_text: string | null; total: number }>(preview.json.data.map((r: { id: number }) => [r.id, r]));
    expect(listed.get(both.party.id)).toMatchObject({ skip: null, total: 1_000_000 });
    expect(listed.get(nobody.party.id)).toMatchObject({ skip: 'no_parent_email', skip_text: 'Email ayah atau ibu belum diisi' });

    const sent = await send(ids, '2025-08-31', 'finance');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.data.queued).toBe(2);
    expect(sent.json.message).toBe('2 emails put in the outbox');
    expect(sent.json.data.skipped).toEqual([{ id: nobody.party.id, name: expect.any(String), reason: 'no_parent_email', text: "The father's or mother's email is missing" }]);
    const rows = await Promise.all(sent.json.data.outbox_ids.map((id: number) => outboxRow(id)));
    expect(rows.map((r) => r.to_addresses).sort()).toEqual(['ayah.satu@example.id, ibu.satu@example.id', 'ibu.dua@example.id']);
    const first = rows.find((r) => r.party_id === both.party.id)!;
    expect(first.html).toContain('Rp 1.000.000');
    expect(first.html).toContain('10 Agustus 2025');
    expect(first.state).toBe('queued');

    // The same send again puts nothing new in the outbox: each is already there for this date.
    const again = await send(ids, '2025-08-31', 'finance');
    expect(again.status).toBe(422);
    expect(again.json.data.skipped.map((s: { reason: string }) => s.reason).sort()).toEqual(['already_queued', 'already_queued', 'no_parent_email']);
  });

  it('needs an active template matching the invoices (spec 3 §5)', async () => {
    // Income type 4 has no template of its own; switching the one for every income type off leaves none.
    const billed = await billedParty({ father: 'ayah.tiga@example.id' }, [100_000], '2025-08-10', 4);
    await sql`update email_template set is_active = false where email_type = 'reminder' and income_type_id is null`.execute(db());
    try {
      const refused = await send([billed.party.id]);
      expect(refused.status).toBe(422);
      expect(refused.json.data.skipped[0]).toMatchObject({ reason: 'no_active_template', text: 'No active email template matches these invoices' });
    } finally {
      await sql`update email_template set is_active = true where email_type = 'reminder' and income_type_id is null and name = 'Pengingat Jatuh Tempo'`.execute(db());
    }
  });
});

describe('delivery over SMTP', () => {
  it('delivers a queued message once, with its Message-ID, parents in To, the template CC and BCC, and the filled body; then it is in /sent', async () => {
    await pointSmtpAtTestServer();
    await sql`update email_template set cc = 'keuangan@harapanbangsa.sch.id;kepsek@harapanbangsa.sch.id', bcc = 'arsip@harapanbangsa.sch.id' where name = 'Pengingat Jatuh Tempo'`.execute(db());
    const billed = await billedParty({ father: 'ayah.empat@example.id', mother: 'ibu.empat@example.id' }, [1_250_000]);
    const sent = await send([billed.party.id], '2025-09-01');
    const id: number = sent.json.data.outbox_ids[0];
    const before = smtp.received.length;
    const report = await deliverDue(db(), FAST);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const mine = smtp.received.filter((m) => m.outboxId === String(id));
    expect(mine).toHaveLength(1);
    const row = await outboxRow(id);
    expect(row.state).toBe('sent');
    expect(mine[0]!.messageId).toBe(row.message_id);
    // The hidden copy is a recipient of the envelope, and nowhere in what the parents receive.
    expect(mine[0]!.to.sort()).toEqual(['arsip@harapanbangsa.sch.id', 'ayah.empat@example.id', 'ibu.empat@example.id', 'kepsek@harapanbangsa.sch.id', 'keuangan@harapanbangsa.sch.id']);
    expect(mine[0]!.headers.get('cc')).toBe('keuangan@harapanbangsa.sch.id, kepsek@harapanbangsa.sch.id');
    expect(mine[0]!.headers.has('bcc')).toBe(false);
    expect(mine[0]!.raw).not.toContain('arsip@');
    expect(mine[0]!.from).toBe('keuangan@harapanbangsa.sch.id');
    expect(mine[0]!.subject).toBe(`Pengingat Jatuh Tempo Tagihan ${row.party_name}`);
    expect(mine[0]!.decoded).toContain('Rp 1.250.000');
    expect(smtp.received.length - before).toBe(report.sent);

    // Delivering again sends nothing more.
    expect((await deliverDue(db(), FAST)).sent).toBe(0);
    const box = await server.call('GET', '/api/v1/mail/sent?per_page=100', { as: 'finance' });
    expect(box.json.data.find((r: { id: number }) => r.id === id)).toMatchObject({ state: 'sent', receiver: 'ayah.empat@example.id, ibu.empat@example.id', attempts: 1 });
    const outbox = await server.call('GET', '/api/v1/mail/outbox?per_page=100', { as: 'finance' });
    expect(outbox.json.data.some((r: { id: number }) => r.id === id)).toBe(false);

    // Resend makes a new message with a new Message-ID; the sent one stays as it was.
    const resent = await server.call('POST', `/api/v1/mail/sent/${id}/resend`, { as: 'adminfinance' });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json.data.message_id).not.toBe(row.message_id);
    await deliverDue(db(), FAST);
    expect(smtp.received.filter((m) => m.messageId === resent.json.data.message_id)).toHaveLength(1);
    expect((await server.call('POST', `/api/v1/mail/outbox/${id}/retry`, { as: 'adminfinance' })).status).toBe(409);
  });

  it('an SMTP outage leaves the message in the outbox with its error, retried with exponential backoff until the server is back', async () => {
    await pointSmtpAtTestServer();
    const billed = await billedParty({ father: 'ayah.lima@example.id' }, [500_000]);
    const id: number = (await send([billed.party.id], '2025-09-02')).json.data.outbox_ids[0];
    await smtp.stop();
    try {
      const first = await deliverDue(db(), FAST);
      expect(first.retrying).toBeGreaterThanOrEqual(1);
      let row = await outboxRow(id);
      expect(row).toMatchObject({ state: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
      const firstWait = new Date(row.next_attempt_at).getTime() - Date.now();
      expect(firstWait).toBeGreaterThan(0);
      expect(firstWait).toBeLessThanOrEqual(FAST.backoffBaseMs);
      // Before the backoff has passed, nothing is tried.
      await deliverDue(db(), FAST);
      expect((await outboxRow(id)).attempts).toBe(1);
      await new Promise((r) => setTimeout(r, FAST.backoffBaseMs + 50));
      await deliverDue(db(), FAST);
      row = await outboxRow(id);
      expect(row).toMatchObject({ state: 'queued', attempts: 2 });
      const secondWait = new Date(row.next_attempt_at).getTime() - Date.now();
      expect(secondWait).toBeGreaterThan(FAST.backoffBaseMs);
      const answer = await server.call('GET', '/api/v1/mail/outbox?per_page=100', { as: 'finance' });
      expect(answer.json.data.find((r: { id: number }) => r.id === id)).toMatchObject({ state: 'queued', attempts: 2, last_error: expect.stringMatching(/ECONNECTION|ECONNREFUSED/) });
    } finally {
      await smtp.start();
    }
    await new Promise((r) => setTimeout(r, 2 * FAST.backoffBaseMs + 50));
    await deliverDue(db(), FAST);
    expect(await outboxRow(id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(smtp.received.filter((m) => m.outboxId === String(id))).toHaveLength(1);
  });

  it('gives up after the last attempt (failed, still in the outbox) until a person retries', async () => {
    await pointSmtpAtTestServer();
    const billed = await billedParty({ mother: 'ibu.enam@example.id' }, [500_000]);
    const id: number = (await send([billed.party.id], '2025-09-03')).json.data.outbox_ids[0];
    await smtp.stop();
    try {
      await deliverDue(db(), { ...FAST, maxAttempts: 1 });
    } finally {
      await smtp.start();
    }
    expect(await outboxRow(id)).toMatchObject({ state: 'failed', attempts: 1 });
    await deliverDue(db(), FAST);
    expect((await outboxRow(id)).state).toBe('failed');
    const retried = await server.call('POST', `/api/v1/mail/outbox/${id}/retry`, { as: 'finance' });
    expect(retried.status, retried.text).toBe(200);
    await deliverDue(db(), FAST);
    expect(await outboxRow(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(smtp.received.filter((m) => m.outboxId === String(id))).toHaveLength(1);
  });

  it('a crash after the SMTP server took a message and before it was marked sent: on restart it is not sent again, the rest go once', async () => {
    await pointSmtpAtTestServer();
    const parties = [];
    for (let i = 0; i < 6; i += 1) parties.push((await billedParty({ father: `ayah.crash${i}@example.id` }, [100_000])).party.id);
    const ids: number[] = (await send(parties, '2025-09-04')).json.data.outbox_ids;
    expect(ids).toHaveLength(6);
    class Crash extends Error {}
    const crashed = await deliverDue(db(), {
      ...FAST,
      workerId: 'dies',
      leaseMs: 3000,
      afterSmtp: (id) => {
        if (id === ids[2]) throw new Crash('the process died');
      },
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(crashed).toBeInstanceOf(Crash);
    expect((await outboxRow(ids[2]!)).state).toBe('sending');
    expect(smtp.received.filter((m) => ids.map(String).includes(m.outboxId))).toHaveLength(3);
    // The restarted process: nothing of the dead one's is touched until its lease has passed.
    await deliverDue(db(), FAST);
    expect((await outboxRow(ids[2]!)).state).toBe('sending');
    const reserved = await outboxRow(ids[3]!);
    expect(reserved).toMatchObject({ state: 'queued', claimed_by: 'dies' });
    const leaseEnds = Math.max(new Date(reserved.lease_until!).getTime(), new Date((await outboxRow(ids[2]!)).lease_until!).getTime());
    await new Promise((r) => setTimeout(r, Math.max(0, leaseEnds - Date.now()) + 100));
    const after = await deliverDue(db(), FAST);
    expect(after.interrupted).toBe(1);
    const states = await Promise.all(ids.map(async (id) => (await outboxRow(id)).state));
    expect(states).toEqual(['sent', 'sent', 'interrupted', 'sent', 'sent', 'sent']);
    for (const id of ids) expect(smtp.received.filter((m) => m.outboxId === String(id)), `message ${id}`).toHaveLength(1);
    const shown = await server.call('GET', '/api/v1/mail/outbox?state=interrupted', { as: 'finance', headers: { 'accept-language': 'en' } });
    expect(shown.json.data.find((r: { id: number }) => r.id === ids[2])?.last_error).toMatch(/may or may not have arrived/);
    // A person may decide to send it again: then, and only then, it goes a second time.
    expect((await server.call('POST', `/api/v1/mail/outbox/${ids[2]}/retry`, { as: 'finance' })).status).toBe(200);
    await deliverDue(db(), FAST);
    expect(smtp.received.filter((m) => m.outboxId === String(ids[2]))).toHaveLength(2);
  });
});

describe('an SMTP server that asks for a login', () => {
  it('logs in with the saved user and password; a wrong password leaves the message waiting with the refusal', async () => {
    const guarded = await startSmtpTestServer({ login: { user: 'keuangan@harapanbangsa.sch.id', pass: 'rahasia-123' } });
    try {
      const save = async (password: string) => {
        const current = await server.call('GET', '/api/v1/setting-email', { as: 'adminfinance' });
        const saved = await server.call('PUT', '/api/v1/setting-email', {
          as: 'adminfinance',
          body: { version: current.json.data.version, smtp_host: '127.0.0.1', smtp_port: guarded.port, encryption: 'none', smtp_user: 'keuangan@harapanbangsa.sch.id', smtp_password: password, sender_name: 'Keuangan', sender_email: 'keuangan@harapanbangsa.sch.id' },
        });
        expect(saved.status, saved.text).toBe(200);
      };
      await save('salah');
      const billed = await billedParty({ father: 'ayah.login@example.id' }, [100_000]);
      const id: number = (await send([billed.party.id], '2025-09-05')).json.data.outbox_ids[0];
      await deliverDue(db(), FAST);
      const refused = await outboxRow(id);
      expect(refused).toMatchObject({ state: 'queued', attempts: 1 });
      expect(refused.last_error).toMatch(/EAUTH/);
      await save('rahasia-123');
      await new Promise((r) => setTimeout(r, FAST.backoffBaseMs + 50));
      await deliverDue(db(), FAST);
      expect(await outboxRow(id)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(guarded.received.filter((m) => m.outboxId === String(id))).toHaveLength(1);
    } finally {
      await guarded.stop();
    }
  });
});

describe('reminders by the templates’ timing', () => {
  it('enqueues on the template’s days from its delivery time, once per template, party and day', async () => {
    // "Pengingat Jatuh Tempo": 3 days before the due date, every 2 days, at 08:00. Due 10 March 2027.
    const billed = await billedParty({ father: 'ayah.tujuh@example.id' }, [300_000, 200_000], '2027-03-10');
    await sql`update invoice set invoice_date = '2027-02-01' where id = any(${billed.invoiceIds})`.execute(db());
    const mine = async () =>
      mailDb(db()).selectFrom('mail_outbox').select(['dedupe_key', 'html']).where('party_id', '=', billed.party.id).where('source', '=', 'reminder').orderBy('id').execute();
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`); // on the school's clock, whatever the server's time zone
    await enqueueReminders(db(), at('2027-03-06', '09:00'));
    expect(await mine()).toHaveLength(0);
    await enqueueReminders(db(), at('2027-03-07', '07:59'));
    expect(await mine()).toHaveLength(0);
    const first = await enqueueReminders(db(), at('2027-03-07', '08:00'));
    expect(first.queued).toBeGreaterThanOrEqual(1);
    const rows = await mine();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dedupe_key).toMatch(/^reminder\|\d+\|candidate\|\d+\|2027-03-07$/);
    expect(rows[0]!.html).toContain('Rp 500.000');
    const twice = await enqueueReminders(db(), at('2027-03-07', '15:00'));
    expect(twice.queued).toBe(0);
    expect(await mine()).toHaveLength(1);
    await enqueueReminders(db(), at('2027-03-08', '08:30'));
    expect(await mine()).toHaveLength(1);
    await enqueueReminders(db(), at('2027-03-09', '08:30'));
    expect(await mine()).toHaveLength(2);
    // Paid in the meantime: no reminder on the due date.
    await sql`update invoice set paid_amount = value, outstanding = 0, state = 'paid' where id = any(${billed.invoiceIds})`.execute(db());
    await enqueueReminders(db(), at('2027-03-10', '08:30'));
    expect(await mine()).toHaveLength(2);
  });

  it('catches up, when the server starts again, a reminder whose day passed while it was down: once, on its latest missed day', async () => {
    // Reminder days of a bill due 10 March 2027: the 7th and the 9th (3 days before, every 2 days).
    const billed = await billedParty({ mother: 'ibu.delapan@example.id' }, [450_000], '2027-03-10');
    await sql`update invoice set invoice_date = '2027-02-01' where id = any(${billed.invoiceIds})`.execute(db());
    const mine = async () =>
      (await mailDb(db()).selectFrom('mail_outbox').select(['dedupe_key', 'html']).where('party_id', '=', billed.party.id).where('source', '=', 'reminder').orderBy('id').execute());
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`); // on the school's clock, whatever the server's time zone
    // A school whose reminder job has never enqueued anything has no missed days to catch up.
    const earlier = (await sql<{ id: number }>`update mail_outbox set source = 'send' where source = 'reminder' returning id`.execute(db())).rows.map((r) => r.id);
    expect((await catchUpReminders(db(), at('2027-03-08', '10:00'))).queued).toBe(0);
    expect(await mine()).toHaveLength(0);
    await sql`update mail_outbox set source = 'reminder' where id = any(${earlier}::bigint[])`.execute(db());
    // The job runs from now on (another family's reminder of the 2nd, due the 5th).
    const other = await billedParty({ father: 'ayah.sembilan@example.id' }, [100_000], '2027-03-05');
    await sql`update invoice set invoice_date = '2027-02-01' where id = any(${other.invoiceIds})`.execute(db());
    expect((await enqueueReminders(db(), at('2027-03-02', '08:30'))).queued).toBeGreaterThanOrEqual(1);
    // Down from the 6th; back on the 8th: the 7th's reminder goes now.
    await catchUpReminders(db(), at('2027-03-08', '10:00'));
    expect((await mine()).map((r) => r.dedupe_key.split('|')[4])).toEqual(['2027-03-07']);
    expect((await mine())[0]!.html).toContain('Rp 450.000');
    // A second start the same day, or the next day, sends nothing more.
    expect((await catchUpReminders(db(), at('2027-03-08', '11:00'))).queued).toBe(0);
    expect((await catchUpReminders(db(), at('2027-03-09', '07:00'))).queued).toBe(0);
    expect(await mine()).toHaveLength(1);
    // Down on the 9th (the second reminder day) too, back on the 10th: one late reminder (the 9th's), not two.
    await sql`delete from mail_outbox where party_id = ${billed.party.id} and source = 'reminder'`.execute(db());
    const late = await catchUpReminders(db(), at('2027-03-10', '06:00'));
    expect((await mine()).map((r) => r.dedupe_key.split('|')[4])).toEqual(['2027-03-09']);
    expect(late.queued).toBeGreaterThanOrEqual(1);
    // A reminder that went on its day is not caught up.
    await sql`delete from mail_outbox where party_id = ${billed.party.id} and source = 'reminder'`.execute(db());
    await enqueueReminders(db(), at('2027-03-09', '08:30'));
    await catchUpReminders(db(), at('2027-03-10', '06:00'));
    expect((await mine()).map((r) => r.dedupe_key.split('|')[4])).toEqual(['2027-03-09']);
  });
});

describe.skipIf(!onPostgres)('two delivery workers on one PostgreSQL', () => {
  it('deliver each of 200 messages exactly once', async () => {
    await pointSmtpAtTestServer();
    // The same database and schema as the test server's, through a pool of its own.
    const where = (await sql<{ d: string; s: string }>`select current_database() as d, current_schema() as s`.execute(db())).rows[0]!;
    const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${where.d}`;
    const other = await openPostgres(url.toString(), { searchPath: `${where.s},public`, max: 4 });
    try {
      await sql`update mail_outbox set state = 'sent' where state <> 'sent'`.execute(db());
      const rows = Array.from({ length: 200 }, (_, i) => ({
        dedupe_key: `race|${i}`,
        message_id: `<race-${i}-${randomUUID()}@harapanbangsa.sch.id>`,
        source: 'send',
        party_name: `Orang tua ${i}`,
        to_addresses: `ortu${i}@example.id`,
        subject: `Race ${i}`,
        html: `<p>${i}</p>`,
        text_body: String(i),
        created_by: 'test',
      }));
      await mailDb(db()).insertInto('mail_outbox').values(rows).execute();
      const ids = new Set(rows.map((r) => r.message_id));
      const before = smtp.received.length;
      const options = { ...FAST, batchSize: 10 };
      const [a, b] = await Promise.all([deliverDue(db(), { ...options, workerId: 'process-a' }), deliverDue(other.db, { ...options, workerId: 'process-b' })]);
      expect(a.sent + b.sent).toBe(200);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      const arrived = smtp.received.slice(before).filter((m) => ids.has(m.messageId));
      expect(arrived).toHaveLength(200);
      expect(new Set(arrived.map((m) => m.messageId)).size).toBe(200);
      const states = await sql<{ state: string; n: number }>`select state, count(*)::int as n from mail_outbox where dedupe_key like 'race|%' group by state`.execute(db());
      expect(states.rows).toEqual([{ state: 'sent', n: 200 }]);
    } finally {
      await other.close();
    }
  }, 60_000);
});
