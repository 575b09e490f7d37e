// The server's settings, from the environment.

import { DEFAULT_BODY_LIMIT, DEFAULT_SESSION_IDLE_MS } from './app';
import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './auth/loginThrottle';
import { dataDirOf } from './db/dataDir';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/openDatabase';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';

export interface ServerConfig {
  port: number;
  /** How often the board looks for announcements whose show time has come (COMBOARD_PUBLISH_INTERVAL_MS, default 30 s). */
  publishIntervalMs: number | undefined;
  /** How often the outbox is delivered (MAIL_DELIVERY_INTERVAL_MS, default 10 s) and the e-mail reminders are enqueued (MAIL_REMINDER_INTERVAL_MS, default 60 s). */
  mailDeliveryIntervalMs: number | undefined;
  /** How often the journal sync checks its schedule and pushes due journals (ACCOUNTING_SYNC_INTERVAL_MS; default a minute). */
  accountingSyncIntervalMs: number | undefined;
  mailReminderIntervalMs: number | undefined;
  host: string;
  /** The embedded database's folder (when no DATABASE_URL). */
  dataDir: string;
  /** postgres://…: run on PostgreSQL instead of the embedded database. */
  databaseUrl: string | null;
  /** On PostgreSQL, STATEMENT_TIMEOUT_MS: the longest one statement may run (0: no limit). */
  statementTimeoutMs: number;
  /** On PostgreSQL, create the demo users and data (only into an empty database). */
  seedDemo: boolean;
  bodyLimit: number;
  sessionIdleMs: number;
  /** Failed logins before 429: LOGIN_MAX_FAILURES (per user name), LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MINUTES. */
  loginThrottle: ThrottleLimits;
  /** TRUST_PROXY: whose X-Forwarded-For names the client (server/http/trustProxy.ts); false: nobody's. */
  trustProxy: TrustProxy;
  distDir: string;
  logLevel: string;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${text}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  return {
    port: env.PORT === '0' ? 0 : positiveInteger(env, 'PORT', 8080),
    publishIntervalMs: env.COMBOARD_PUBLISH_INTERVAL_MS ? positiveInteger(env, 'COMBOARD_PUBLISH_INTERVAL_MS', 30_000) : undefined,
    accountingSyncIntervalMs: env.ACCOUNTING_SYNC_INTERVAL_MS ? positiveInteger(env, 'ACCOUNTING_SYNC_INTERVAL_MS', 60_000) : undefined,
    mailDeliveryIntervalMs: env.MAIL_DELIVERY_INTERVAL_MS ? positiveInteger(env, 'MAIL_DELIVERY_INTERVAL_MS', 10_000) : undefined,
    mailReminderIntervalMs: env.MAIL_REMINDER_INTERVAL_MS ? positiveInteger(env, 'MAIL_REMINDER_INTERVAL_MS', 60_000) : undefined,
    host: env.HOST || '127.0.0.1',
    dataDir: dataDirOf(env),
    databaseUrl,
    seedDemo: env.SEED_DEMO === '1',
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS === '0' ? 0 : positiveInteger(env, 'STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    bodyLimit: positiveInteger(env, 'BODY_LIMIT', DEFAULT_BODY_LIMIT),
    sessionIdleMs: positiveInteger(env, 'SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MS / 60_000) * 60_000,
    loginThrottle: {
      perName: positiveInteger(env, 'LOGIN_MAX_FAILURES', DEFAULT_THROTTLE_LIMITS.perName),
      perAddress: positiveInteger(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', DEFAULT_THROTTLE_LIMITS.perAddress),
      windowMs: positiveInteger(env, 'LOGIN_FAILURE_WINDOW_MINUTES', DEFAULT_THROTTLE_LIMITS.windowMs / 60_000) * 60_000,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    distDir: env.DIST_DIR || './dist',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
