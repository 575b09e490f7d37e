import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompressPlugin';

const LAZY_JSONEXPORT = '\0lazy-jsonexport';

/**
 * react-admin's default CSV exporter (used by a list or reference field given no exporter
 * of its own) imports jsonexport statically, which puts ~3 KiB gzip into every list's code.
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

const NATIVE_OBJECT_ENTRIES = '\0native-object-entries';

/**
 * node-polyglot (react-admin's translations, on the first page) requires the `object.entries`
 * shim, which brings some twenty small packages of ECMAScript machinery along (get-intrinsic,
 * call-bind, define-properties, object-keys…) for a function every browser the app supports
 * has built in (Chrome 54, Firefox 47, Safari 10.1). Polyglot gets the built-in one.
 */
function nativeObjectEntries(): Plugin {
  return {
    name: 'native-object-entries',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'object.entries' && importer && /[\\/]node-polyglot[\\/]/.test(importer)) return NATIVE_OBJECT_ENTRIES;
      return null;
    },
    load(id) {
      return id === NATIVE_OBJECT_ENTRIES ? 'module.exports = Object.entries;' : null;
    },
  };
}

/**
 * How the app is cut into files, for the path every user takes: log in, open a list.
 * Left alone, Rolldown cuts the code a view needs into many small chunks (one per set of
 * views sharing it), which compress worse and cost requests: the first list took nine.
 * Instead, two groups: everything the first page needs (the `$initial` tag), and what a
 * list needs besides (the group takes EntityList's dependencies along). The other views
 * (show, create / edit, filter inputs, rich text, …) are split automatically; what they share
 * with a list they take from the list's chunk.
 */
const CHUNK_GROUPS = [
  {
    name: 'app',
    tags: ['$initial' as const],
    // MUI's components import prop-types for development-only checks, which the tag counts;
    // only a lazy chunk (react-dropzone, file uploads) really uses it. Left out of this group
    // it still landed in the first page's file: its own group keeps it out.
    test: (id: string) => !/[\\/]node_modules[\\/]prop-types[\\/]/.test(id),
    priority: 2,
  },
  { name: 'prop-types', test: /[\\/]node_modules[\\/]prop-types[\\/]/, priority: 3 },
  { name: 'list', test: /[\\/]src[\\/]views[\\/]EntityList\.tsx$/, priority: 1 },
  // The bespoke pages (src/pages/registry.tsx) and the shell's frame off that path
  // (src/app/frame/), with what they need besides: one small file, fetched by the first of
  // them a user opens. What the first page needs of them (the registry) stays in `app`.
  { name: 'shell', test: /[\\/]src[\\/](pages|app[\\/]frame)[\\/]/, priority: 1 },
];

// The app is served by the server in production (`npm start`); in development Vite proxies
// the API to the server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react(), lazyJsonexport(), nativeObjectEntries(), precompress()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which file holds which source, for the modulepreload links
    // the server adds to a resource's page (server/http/pagePreloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // The browsers the app supports all preload modules themselves (Chrome 66, Firefox 115,
    // Safari 17): Vite's polyfill for older ones would only add to the first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
