// The registry entries the app knows so far. The first page knows none: each menu module's
// entries arrive as a chunk of their own (src/generated/registry/<module>.ts), and an
// entity's module brings the entries of the entities its views draw (`related`). So the
// first page weighs the same with twenty entities or two hundred.
//
// Everything that needs an entry (the data provider's mapping, reference fields, detail
// sections, the menu, the <Resource> routes) reads it here; `useRegistryEntries` redraws
// when more arrive.

import { useSyncExternalStore } from 'react';
import { registryModules } from '../generated/registry';
import type { ResourceEntry } from '../shared/entityModel';

const byName = new Map<string, ResourceEntry>();
const byResource = new Map<string, ResourceEntry>();
const loadedModules = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let snapshot: ResourceEntry[] = [];

function changed(): void {
  snapshot = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const listener of listeners) listener();
}

/** Make entries known; returns whether any was new. */
export function addEntries(list: readonly ResourceEntry[]): boolean {
  let added = false;
  for (const entry of list) {
    if (byName.has(entry.name)) continue;
    byName.set(entry.name, entry);
    byResource.set(entry.resource, entry);
    added = true;
  }
  if (added) changed();
  return added;
}

/** The entry of an entity by name (a reference field's `to`), once known. */
export function targetEntry(name: string | undefined): ResourceEntry | undefined {
  return name ? byName.get(name) : undefined;
}

/** The entry of a resource (the first segment of its route), once known. */
export function entryOfResource(resource: string): ResourceEntry | undefined {
  return byResource.get(resource);
}

/** Every known entry, sorted by name (the same array until more arrive). */
export function knownEntries(): ResourceEntry[] {
  return snapshot;
}

export function subscribeEntries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The known entries in a component: it redraws when a module's entries arrive. */
export function useRegistryEntries(): ResourceEntry[] {
  return useSyncExternalStore(subscribeEntries, knownEntries, knownEntries);
}

/** The menu modules, in code order. */
export const MODULE_CODES: readonly string[] = Object.keys(registryModules);

/** Whether any entity of the module may be listed with these roles (known before its entries load). */
export function moduleReadable(code: string, roles: readonly string[]): boolean {
  return registryModules[code]?.readers.some((role) => roles.includes(role)) ?? false;
}

export function moduleLoaded(code: string): boolean {
  return loadedModules.has(code);
}

/** Load the entries of these menu modules (each once; a failed load may be tried again). */
export function loadModules(codes: readonly string[]): Promise<void> {
  return Promise.all(
    codes.map((code) => {
      const module = registryModules[code];
      if (!module) return undefined;
      let promise = loadedModules.get(code);
      if (!promise) {
        // A module whose entries were all known already still redraws what waits for it (the menu).
        promise = module.load().then(({ entries }) => void (addEntries(entries) || changed()));
        promise.catch(() => loadedModules.delete(code));
        loadedModules.set(code, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

/** Load every module's entries (for a page whose resource is in none of the loaded ones). */
export function loadAllModules(): Promise<void> {
  return loadModules(MODULE_CODES);
}

/**
 * Make sure the resource of a path is known: load the given modules first, and every
 * module when the path's resource is in none of them (unless the path is one of the shell's
 * own pages). Resolves to the entry, if there is one.
 */
export async function loadForPath(
  pathname: string,
  modules: readonly string[],
  shellSegments: ReadonlySet<string> = new Set(['']),
): Promise<ResourceEntry | undefined> {
  const resource = pathname.split('/')[1] ?? '';
  await loadModules(modules);
  if (!shellSegments.has(resource) && !byResource.has(resource)) await loadAllModules();
  return byResource.get(resource);
}
