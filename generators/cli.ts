// `npm run generate [-- --check]`: schemas/*.yaml → src/generated/, server/generated/.
// `-- --diff <git ref> [--database <url|folder>] [--force]` first says what the change since
// the ref does for users and data (diffCommand.ts) and generates only when nothing is lost.
// Mistakes in a schema are printed as `file:line:col: message` (all at once) and nothing is
// written; `--check` exits non-zero when the generated output is stale; `--out DIR` writes
// the output under DIR instead of the project (to try schemas without touching the app).

import { resolve } from 'node:path';
import { diffSchemas } from './diffCommand';
import { generate } from './generate';
import { formatProblem } from './load';
import { writeFiles } from './write';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const root = resolve(import.meta.dirname, '..');
  const outIndex = args.indexOf('--out');
  const outRoot = outIndex >= 0 && args[outIndex + 1] ? resolve(args[outIndex + 1]) : root;
  const schemaDir = resolve(root, process.env.SCHEMAS_DIR ?? 'schemas');
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  if (args.includes('--diff')) {
    const ref = valueOf('--diff');
    if (!ref || ref.startsWith('--')) {
      console.error('--diff needs a git ref, e.g. `npm run generate -- --diff HEAD`');
      return 1;
    }
    const report = await diffSchemas({ ref, root, schemaDir, database: valueOf('--database'), force: args.includes('--force') });
    for (const line of report.lines) console.log(line);
    if (!report.go) return 1;
    console.log('');
  }
  const started = performance.now();
  const { problems, files } = await generate(schemaDir, root);
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in the schemas; nothing was generated.`);
    return 1;
  }
  const { written, removed } = writeFiles(outRoot, files, check);
  const ms = Math.round(performance.now() - started);
  const count = Object.keys(files).length;
  if (check) {
    if (written.length || removed.length) {
      for (const p of written) console.error(`stale: ${p}`);
      for (const p of removed) console.error(`left over: ${p}`);
      console.error('Generated output is stale: run `npm run generate`.');
      return 1;
    }
    console.log(`Generated output is up to date (${count} files).`);
    return 0;
  }
  console.log(`Generated ${count} files (${written.length} changed, ${removed.length} removed) in ${ms} ms.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The generator failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
