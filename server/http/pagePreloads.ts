// The code a resource's address asks for as soon as the app starts, named in the index.html
// served at that address as modulepreload links: the browser then fetches and compiles it
// while it compiles the app's entry, instead of one file after another once the entry runs
// (the entry asks for the menu module's registry chunk, and only that chunk knows where the
// entity's module is). For /class that is the registry chunk of the entity's first menu
// module (the app's default module, ACA, for most academic tables; a user who works in
// another module loads that one's, as before), the generic view of the address (the list,
// src/shared/viewOfPath.ts) and the entity's module, with the chunks they import that the
// entry does not already load. The names come from Vite's build manifest
// (dist/.vite/manifest.json); without one (an older build), nothing is added.
//
// A visitor without a session gets the login page first: the same files are then what the
// app asks for right after the login, from the cache.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../../src/shared/entityModel';
import { hasScreen } from '../../src/shared/entityModel';
import { viewOfPath, type ViewName } from '../../src/shared/viewOfPath';

/** One chunk of Vite's manifest (its keys are the source files, relative to the project). */
export interface ManifestChunk {
  file: string;
  /** A chunk made by one of vite.config.ts's CHUNK_GROUPS is keyed `_<file>` and carries the group's name. */
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The source of each generic view, as src/app/resourceFromEntry.tsx imports it (a test holds the two together). */
export const VIEW_SOURCES: Record<ViewName, string> = {
  list: 'src/views/EntityList.tsx',
  create: 'src/views/EntityCreate.tsx',
  edit: 'src/views/EntityEdit.tsx',
  show: 'src/views/EntityShow.tsx',
  singleton: 'src/views/EntitySingleton.tsx',
};

/**
 * Sources that vite.config.ts's CHUNK_GROUPS put in a group's chunk, which the manifest names
 * by the group alone: EntityList.tsx is the `list` group's (with what only lists use).
 */
const GROUP_OF: Record<string, string> = { 'src/views/EntityList.tsx': 'list' };

export const registrySource = (module: string) => `src/generated/registry/${module}.ts`;
export const entitySource = (name: string) => `src/generated/entities/${name}.ts`;

export function readBuildManifest(distDir: string): BuildManifest | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/** The files (under dist/, e.g. `assets/list-abc.js`) of these sources and of what they import, in that order. */
function filesOf(manifest: BuildManifest, sources: readonly string[], into = new Set<string>()): Set<string> {
  const keyOf = (source: string) => {
    if (source in manifest) return source;
    const group = GROUP_OF[source];
    return group === undefined ? undefined : Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === group);
  };
  const visit = (source: string) => {
    const key = keyOf(source);
    const chunk = key === undefined ? undefined : manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return into;
}

type PreloadEntity = Pick<EntityModel, 'name' | 'resource' | 'modules' | 'singleton' | 'screen'>;

/** pathname → the files its page preloads (none for an address that is no resource's view). */
export function pagePreloads(manifest: BuildManifest, entities: readonly PreloadEntity[]): (pathname: string) => readonly string[] {
  const loadedByEntry = filesOf(manifest, Object.keys(manifest).filter((source) => manifest[source].isEntry));
  const byResource = new Map(entities.filter(hasScreen).map((entity) => [entity.resource, entity]));
  const known = new Map<string, readonly string[]>();
  return (pathname) => {
    const entity = byResource.get(pathname.split('/').filter(Boolean)[0] ?? '');
    const view = entity && viewOfPath(pathname, entity);
    if (!entity || !view) return [];
    const key = `${entity.name}/${view}`;
    let files = known.get(key);
    if (!files) {
      const sources = [...entity.modules.slice(0, 1).map(registrySource), VIEW_SOURCES[view], entitySource(entity.name)];
      files = [...filesOf(manifest, sources)].filter((file) => !loadedByEntry.has(file));
      known.set(key, files);
    }
    return files;
  };
}

/** index.html with a modulepreload link for each file, after the entry's own links. */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
