import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const LAZY_JSONEXPORT = '\0lazy-jsonexport';

/**
 * react-admin's default CSV exporter (used by a list or reference field given no exporter
 * of its own) imports jsonexport statically, which puts ~6 KiB gzip into every list's code.
 * Our lists bring their own exporter (src/views/csvExport.ts, itself loaded on click);
 * this stand-in loads jsonexport only if react-admin's default exporter actually runs.
 */
function lazyJsonexport(): Plugin {
  return {
    name: 'lazy-jsonexport',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'jsonexport/dist/index.js' && importer && /[\\/]ra-core[\\/]/.test(importer)) return LAZY_JSONEXPORT;
      return null;
    },
    load(id) {
      if (id !== LAZY_JSONEXPORT) return null;
      // jsonexport(data, [options], [callback]): ra-core passes a callback; without one it returns a promise.
      return `export default function jsonExport(...args) {
  const done = import('jsonexport/dist/index.js').then((m) => (m.default ?? m)(...args));
  return typeof args[args.length - 1] === 'function' ? undefined : done;
}`;
    },
  };
}

/**
 * The chunks of the lazily loaded views. Rolldown's automatic splitting cuts the code a
 * view needs into many small chunks (one per set of views sharing it), which compress
 * worse and cost requests. Instead: everything the first page needs in one chunk (the
 * `$initial` tag), then one chunk per group below, holding the modules its view file
 * reaches statically that an earlier group does not already hold. A view's own file and
 * what only it needs (show page, edit page) are left to the automatic splitting.
 */
const VIEW_GROUPS: Array<[name: string, file: string]> = [
  ['list', 'src/views/EntityList.tsx'],
  ['filters', 'src/views/filterInputs.tsx'],
  ['form', 'src/views/EntityForm.tsx'],
];

function viewChunks() {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'view-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      for (const [name, file] of VIEW_GROUPS) {
        const start = [...this.getModuleIds()].find((id) => id.replaceAll('\\', '/').endsWith(file));
        const stack = start ? [start] : [];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (groupOf.has(id)) continue;
          groupOf.set(id, name);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
  };
  const groups = [
    {
      name: 'app',
      tags: ['$initial' as const],
      // prop-types is imported by MUI's components for development checks only; the tag
      // counts such imports, but only a lazy chunk (react-dropzone) really uses it.
      test: (id: string) => !/[\\/]node_modules[\\/]prop-types[\\/]/.test(id),
      priority: VIEW_GROUPS.length + 1,
    },
    ...VIEW_GROUPS.map(([name], index) => ({
      name,
      test: (id: string) => groupOf.get(id) === name,
      priority: VIEW_GROUPS.length - index,
    })),
  ];
  return { plugin, groups };
}

const chunks = viewChunks();

// The app is served by the server in production (`npm start`); in development Vite proxies
// the API to the server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react(), lazyJsonexport(), chunks.plugin],
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: process.env.NOGROUP ? undefined : { groups: [chunks.groups[0]] },
      },
    },
  },
});
