// Finds the hooks of each entity by name: server/hooks/<entity>.ts, default export
// `defineHooks({ … })`. A file that names no entity, or exports something else, stops the
// start with what is wrong, rather than being silently skipped.

import { readdir } from 'node:fs/promises';
import type { Catalog } from '../crud/catalog';
import type { EntityHooks, HookRegistry } from './entityHooks';

export const HOOKS_DIRECTORY = new URL('../hooks/', import.meta.url);

function isHooks(value: unknown): value is EntityHooks {
  if (!value || typeof value !== 'object') return false;
  const hooks = value as Record<string, unknown>;
  return Object.keys(hooks).every((name) => (name === 'beforeChange' || name === 'afterChange') && typeof hooks[name] === 'function');
}

async function fileNames(directory: URL): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function loadHooks(catalog: Catalog, directory: URL = HOOKS_DIRECTORY): Promise<HookRegistry> {
  const registry = new Map<string, EntityHooks>();
  for (const file of (await fileNames(directory)).sort()) {
    const match = /^([a-z][a-z0-9_]*)\.(ts|js)$/.exec(file);
    if (!match || file.endsWith('.d.ts')) continue;
    const where = new URL(file, directory);
    if (!catalog.entityNamed(match[1])) throw new Error(`${where.pathname}: names no entity (expected schemas/${match[1]}.yaml)`);
    const module: { default?: unknown } = await import(where.href);
    if (!isHooks(module.default)) throw new Error(`${where.pathname}: the default export must be defineHooks({ beforeChange?, afterChange? })`);
    registry.set(match[1], module.default);
  }
  return registry;
}
