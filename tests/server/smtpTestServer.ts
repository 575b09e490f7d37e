// A real SMTP server inside a test (the smtp-server package), not a mock of the mail library:
// it listens on a free port of 127.0.0.1, takes any sender and recipient, and keeps every
// message it accepted, with its envelope and its headers read back. It can be stopped (an
// outage: connections are refused) and started again on the same port.

import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  outboxId: string;
  from: string;
  to: string[];
  subject: string;
  headers: Map<string, string>;
  /** The whole message as received. */
  raw: string;
  /** The text parts, quoted-printable decoded. */
  decoded: string;
}

export interface SmtpTestServer {
  port: number;
  received: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
function decodeWords(text: string): string {
  return text.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function quotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return {
    messageId: headers.get('message-id') ?? '',
    outboxId: headers.get('x-outbox-id') ?? '',
    from: envelope.from,
    to: envelope.to,
    subject: headers.get('subject') ?? '',
    headers,
    raw,
    decoded: quotedPrintable(raw),
  };
}

/** With `login`, the server asks for it (AUTH PLAIN or LOGIN over the plain connection) and refuses anyone else. */
export async function startSmtpTestServer(options: { login?: { user: string; pass: string } } = {}): Promise<SmtpTestServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const waiters: Array<() => void> = [];
  const make = () =>
    new SMTPServer({
      authOptional: !options.login,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        const login = options.login;
        if (login && auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          received.push(parse(Buffer.concat(chunks).toString('utf8'), envelope));
          for (const wake of waiters.splice(0)) wake();
          callback();
        });
      },
    });
  const test: SmtpTestServer = {
    port,
    received,
    start: () =>
      new Promise((resolve, reject) => {
        server = make();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        const running = server;
        server = null;
        if (!running) resolve();
        else running.close(() => resolve());
      }),
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the SMTP server received ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
  await test.start();
  return test;
}
