import { sql } from 'kysely';
import { openPostgres } from '../server/db/openDatabase';
import { outstandingByIncomeType, collectibleRate, summary, arrears } from '../server/finance/dashboard/dashboardFigures';
const schema = process.argv[2]!;
const handle = await openPostgres('postgres://postgres@127.0.0.1:5432/test', { searchPath: `${schema},public`, max: 2 });
const db = handle.db;
const f = { cutoff: process.argv[3] ?? '2025-12-31', kinds: ['student', 'candidate'] as const };
for (const [name, run] of [
  ['pie', () => outstandingByIncomeType(db, { ...f, kinds: [...f.kinds] })],
  ['rate month', () => collectibleRate(db, { ...f, kinds: [...f.kinds] }, '2025-12-01', 'current_month')],
  ['rate cum', () => collectibleRate(db, { ...f, kinds: [...f.kinds] }, null, 'cumulative')],
  ['summary', () => summary(db, { ...f, kinds: [...f.kinds] })],
  ['arrears', () => arrears(db, { ...f, kinds: [...f.kinds] })],
] as const) {
  await run();
  const t = performance.now();
  for (let i = 0; i < 5; i++) await run();
  console.log(name, ((performance.now() - t) / 5).toFixed(1), 'ms');
}
await handle.close();
