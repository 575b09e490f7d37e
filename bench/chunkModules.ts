// What is in the built app's chunks, module by module: `tsx bench/chunkModules.ts [chunk]`.
// Builds the app (into a temporary folder, dist/ is left alone) and lists, for the chunk
// whose name starts with `chunk` (default: the entry chunk, the first page's code), its
// modules by rendered size, the gzip size of each alone (an upper bound: together they
// compress better), and per package. The question it answers: what does the first page
// carry that the login → first list path does not need?

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

interface ModuleSize {
  id: string;
  raw: number;
  gzip: number;
}
interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: ModuleSize[];
}

function collect(into: ChunkInfo[]): Plugin {
  return {
    name: 'collect-chunk-modules',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules = Object.entries(out.modules).map(([id, m]) => ({
          id,
          raw: m.renderedLength,
          gzip: m.code ? gzipSync(m.code, { level: 9 }).length : 0,
        }));
        into.push({ fileName: out.fileName, isEntry: out.isEntry, imports: out.imports, dynamicImports: out.dynamicImports, modules });
      }
    },
  };
}

/** `node_modules/@mui/material/Button/Button.js` → `@mui/material`; a source file → its path. */
function packageOf(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const at = clean.lastIndexOf('node_modules/');
  if (at < 0) return relative(ROOT, clean);
  const parts = clean.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function shortId(id: string): string {
  const clean = id.replace(/^\0/, '');
  const at = clean.lastIndexOf('node_modules/');
  return at < 0 ? relative(ROOT, clean) : clean.slice(at + 'node_modules/'.length);
}

const kib = (n: number) => `${(n / 1024).toFixed(1)}`.padStart(7);

async function main(): Promise<void> {
  const wanted = process.argv[2];
  const top = Number(process.argv[3] ?? 60);
  // BARE=1: the bare react-admin app of bench/bare instead, to compare with.
  const configFile = join(ROOT, process.env.BARE ? 'bench/bare/vite.config.ts' : 'vite.config.ts');
  const outDir = mkdtempSync(join(tmpdir(), 'chunk-modules-'));
  const chunks: ChunkInfo[] = [];
  try {
    await build({
      root: process.env.BARE ? join(ROOT, 'bench/bare') : ROOT,
      configFile,
      logLevel: 'warn',
      plugins: [collect(chunks)],
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  const chunk = wanted ? chunks.find((c) => c.fileName.includes(`/${wanted}`) || c.fileName.startsWith(wanted)) : chunks.find((c) => c.isEntry);
  if (!chunk) throw new Error(`no chunk ${wanted ?? '(entry)'}; chunks: ${chunks.map((c) => c.fileName).join(', ')}`);
  const total = chunk.modules.reduce((s, m) => s + m.raw, 0);
  console.log(`${chunk.fileName}: ${chunk.modules.length} modules, ${kib(total)} KiB rendered`);
  console.log(`  imports ${chunk.imports.join(', ') || '-'}`);
  console.log(`  dynamic ${chunk.dynamicImports.length} chunks\n`);

  const byPackage = new Map<string, ModuleSize>();
  for (const m of chunk.modules) {
    const key = packageOf(m.id);
    const p = byPackage.get(key) ?? { id: key, raw: 0, gzip: 0 };
    p.raw += m.raw;
    p.gzip += m.gzip;
    byPackage.set(key, p);
  }
  console.log('   raw KiB  gzip KiB (alone)  package or source file');
  for (const p of [...byPackage.values()].sort((a, b) => b.raw - a.raw).slice(0, top)) console.log(`  ${kib(p.raw)}  ${kib(p.gzip)}  ${p.id}`);
  console.log('\n   raw KiB  gzip KiB (alone)  module');
  for (const m of [...chunk.modules].sort((a, b) => b.raw - a.raw).slice(0, top)) console.log(`  ${kib(m.raw)}  ${kib(m.gzip)}  ${shortId(m.id)}`);
  // DUMP=file.json: every chunk's modules, for comparing two builds.
  if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify(chunks.map((c) => ({ ...c, modules: c.modules.map((m) => ({ ...m, id: shortId(m.id) })) }))));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
