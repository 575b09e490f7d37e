// A staff user's own gauge thresholds (schemas/finance_dashboard_setting.yaml; spec 3 §2.1, §9):
// the spec's defaults until the user saves theirs; saved through the write door, one row per
// user (unique), so two first saves at once end as one row with the later values.

import type { Db } from "../../db/database";
import { typedDb } from "../../db/typedDb";
import type { Caller, RecordWrites } from "../../records/recordWrites";
import {
  DEFAULT_THRESHOLDS,
  type Thresholds,
} from "../../../src/shared/api/financeDashboard";

async function rowOf(db: Db, userId: number) {
  return typedDb(db)
    .selectFrom("finance_dashboard_setting")
    .select(["id", "version", "chart_fail", "chart_warning", "chart_success"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function readThresholds(
  db: Db,
  userId: number,
): Promise<Thresholds> {
  const row = await rowOf(db, userId);
  if (!row) return { ...DEFAULT_THRESHOLDS };
  return {
    chartfail: Number(row.chart_fail),
    chartwarning: Number(row.chart_warning),
    chartsuccess: Number(row.chart_success),
  };
}

export async function saveThresholds(
  tx: Db,
  records: RecordWrites,
  caller: Caller,
  userId: number,
  wanted: Thresholds,
): Promise<Thresholds> {
  const body = {
    user_id: userId,
    chart_fail: wanted.chartfail,
    chart_warning: wanted.chartwarning,
    chart_success: wanted.chartsuccess,
  };
  let row = await rowOf(tx, userId);
  if (!row) {
    const { rows } = await records.createMany(
      tx,
      caller,
      "finance_dashboard_setting",
      [body],
      { onConflict: "skip" },
    );
    if (rows.length) return readThresholds(tx, userId);
    row = await rowOf(tx, userId);
  }
  if (row)
    await records.update(
      tx,
      caller,
      "finance_dashboard_setting",
      Number(row.id),
      { ...body, version: Number(row.version) },
    );
  return readThresholds(tx, userId);
}
