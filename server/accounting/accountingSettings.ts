// The accounting system the journals sync to: the /settingodoo record
// (schemas/setting_accounting.yaml; the password is write-only there and read only here, on
// the server), read at every run, so a saved change applies to the next one without a restart.

import { sql } from 'kysely';
import type { Db } from '../db/database';

export type SyncSchedule = 'manual' | 'hourly' | 'daily';

export interface AccountingSetting {
  url: string;
  database: string;
  username: string;
  password: string;
  companyName: string;
  schedule: SyncSchedule;
  /** 'HH:MM' (the daily run's time, the server's time zone). */
  syncTime: string;
  enabled: boolean;
}

/** The saved setting, or null when none is saved. */
export async function readAccountingSetting(db: Db): Promise<AccountingSetting | null> {
  const row = (await sql<Record<string, unknown>>`select * from setting_accounting order by id limit 1`.execute(db)).rows[0];
  if (!row?.url || !row.database_name) return null;
  const schedule = row.sync_schedule === 'manual' || row.sync_schedule === 'hourly' ? row.sync_schedule : 'daily';
  return {
    url: String(row.url),
    database: String(row.database_name),
    username: String(row.username ?? ''),
    password: String(row.password ?? ''),
    companyName: String(row.company_name ?? ''),
    schedule,
    syncTime: /^\d{2}:\d{2}/.test(String(row.sync_time ?? '')) ? String(row.sync_time).slice(0, 5) : '23:00',
    enabled: row.is_enabled !== false,
  };
}

/**
 * The scheduled run due at `now`: the start of the hour (hourly) or the latest daily sync time
 * not after now (daily; yesterday's before today's has come); null by hand only.
 */
export function scheduledSlot(setting: Pick<AccountingSetting, 'schedule' | 'syncTime'>, now: Date): Date | null {
  if (setting.schedule === 'manual') return null;
  const slot = new Date(now);
  if (setting.schedule === 'hourly') {
    slot.setMinutes(0, 0, 0);
    return slot;
  }
  const [hours, minutes] = setting.syncTime.split(':').map(Number);
  slot.setHours(hours ?? 23, minutes ?? 0, 0, 0);
  if (slot > now) slot.setDate(slot.getDate() - 1);
  return slot;
}
