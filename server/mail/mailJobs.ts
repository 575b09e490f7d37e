// The e-mail jobs of the server process (DESIGN: jobs that run later live in the server
// process and keep their state in the database): the delivery worker (./deliveryWorker.ts,
// every MAIL_DELIVERY_INTERVAL_MS, default 10 s, and at once after a send, retry or resend)
// and the reminder scheduler (./reminderScheduler.ts, every minute). Started when the app is
// ready (after migrate and the first start's seed), stopped when it closes: app.ts.

import type { Db } from '../db/database';
import { startDeliveryWorker, type DeliveryOptions, type DeliveryWorker } from './deliveryWorker';
import { catchUpReminders, enqueueReminders } from './reminderScheduler';

export const DELIVERY_INTERVAL_MS = 10_000;
export const REMINDER_INTERVAL_MS = 60_000;

export interface MailJobOptions {
  /** How often the outbox is delivered; 0: never (tests that drive deliverDue themselves). */
  deliveryIntervalMs?: number;
  /** How often the reminders are enqueued; 0: never. */
  reminderIntervalMs?: number;
  delivery?: DeliveryOptions;
}

/** What the routes hold: a nudge that is a no-op until the jobs run. */
export interface MailJobs {
  nudge(): void;
  start(db: Db, log: { error(details: unknown, message: string): void }): void;
  stop(): Promise<void>;
}

export function mailJobs(options: MailJobOptions = {}): MailJobs {
  let worker: DeliveryWorker | undefined;
  let reminders: ReturnType<typeof setInterval> | undefined;
  let reminding: Promise<unknown> = Promise.resolve();
  return {
    nudge: () => worker?.nudge(),
    start(db, log) {
      const every = options.deliveryIntervalMs ?? DELIVERY_INTERVAL_MS;
      if (every > 0) worker = startDeliveryWorker(db, log, every, options.delivery);
      const remindEvery = options.reminderIntervalMs ?? REMINDER_INTERVAL_MS;
      if (remindEvery > 0) {
        // The first tick of a start also sends what the days the server was down missed.
        let started = false;
        const tick = () => {
          reminding = reminding
            .then(async () => {
              const caught = started ? 0 : (await catchUpReminders(db)).queued;
              started = true;
              const today = await enqueueReminders(db);
              return { queued: caught + today.queued };
            })
            .then((report) => {
              if (report.queued > 0) worker?.nudge();
            })
            .catch((error: unknown) => log.error({ err: error }, 'Enqueuing the e-mail reminders failed'));
        };
        reminders = setInterval(tick, remindEvery);
        reminders.unref();
        tick();
      }
    },
    async stop() {
      if (reminders) clearInterval(reminders);
      await reminding;
      await worker?.stop();
    },
  };
}
