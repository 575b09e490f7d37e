// The app's and the server's view of the model: one module per entity (loaded on demand by
// the app), a registry split by menu module for the shell, and an eager index for the
// server and tests.
//
// Nothing the first page loads grows with the number of entities: the registry's eager
// part names the menu modules only; each module's entries are a chunk of their own, loaded
// for the module the user works in (or when a page of another one is opened); and an
// entity's module carries the entries of the entities its views draw (reference targets,
// detail tables, its parent), so a view never waits for a whole other menu module.

import { hasScreen, type EntityModel, type ResourceEntry } from '../../src/shared/entityModel';
import { header, stringLiteral, literal, type Files } from './print';

type Summary = Omit<ResourceEntry, 'load' | 'access'>;

function summary(e: EntityModel): Summary {
  const entry: Summary = {
    name: e.name,
    resource: e.resource,
    endpoint: e.endpoint,
    label: e.label,
    labelPlural: e.labelPlural,
    modules: e.modules,
    represent: e.represent,
  };
  if (e.singleton) entry.singleton = true;
  else entry.listDefaults = { sort: e.list.sort, perPage: e.list.perPage };
  if (e.parent) entry.parent = e.parent;
  if (e.tree) entry.tree = e.tree;
  return entry;
}

/**
 * `const entries: ResourceEntry[] = [...]` for these entities, each distinct access rule
 * printed once; `entityPath` is how the file imports an entity's module.
 */
function entryList(name: string, list: EntityModel[], entityPath: (e: EntityModel) => string): string[] {
  const accessNames = new Map<string, string>();
  for (const e of list) {
    const key = JSON.stringify(e.access);
    if (!accessNames.has(key)) accessNames.set(key, `access${accessNames.size}`);
  }
  const lines = list.map((e) => {
    const body = JSON.stringify(summary(e)).slice(1, -1); // without braces, to append access and load()
    return `  {${body},"access":${accessNames.get(JSON.stringify(e.access))},"load":() => import(${stringLiteral(entityPath(e))})}`;
  });
  return [
    ...[...accessNames].map(([json, id]) => `const ${id}: ResourceEntry['access'] = ${json};`),
    ``,
    `export const ${name}: ResourceEntry[] = [${lines.length ? `\n${lines.join(',\n')},\n` : ''}];`,
  ];
}

/** The entities an entity's views draw besides itself: reference targets, details, parent. */
function relatedOf(e: EntityModel, byName: Map<string, EntityModel>, all: EntityModel[]): EntityModel[] {
  const names = new Set<string>();
  for (const field of e.fields) if (field.to) names.add(field.to);
  if (e.parent) names.add(e.parent.entity);
  for (const other of all) if (other.parent?.entity === e.name) names.add(other.name);
  names.delete(e.name);
  return [...names].sort().map((name) => byName.get(name)!).filter((r) => r && hasScreen(r));
}

export function emitEntityModules(entities: EntityModel[]): Files {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const files: Files = {};
  for (const e of entities) {
    files[`src/generated/entities/${e.name}.ts`] = [
      header(e.source),
      `import type { EntityModel, ResourceEntry } from '../../shared/entityModel';`,
      `export { validate } from '../validators/${e.name}.js';`,
      ``,
      `export const entity: EntityModel = ${literal(e)};`,
      ``,
      `/** The registry entries of the entities this one's views draw (reference targets, details, parent). */`,
      ...entryList('related', relatedOf(e, byName, entities), (r) => `./${r.name}`),
      ``,
    ].join('\n');
  }
  return files;
}

/** The menu modules, in code order. */
function modulesOf(entities: EntityModel[]): string[] {
  return [...new Set(entities.flatMap((e) => e.modules))].sort();
}

export function emitRegistry(entities: EntityModel[]): Files {
  const modules = modulesOf(entities);
  const files: Files = {};
  for (const code of modules) {
    files[`src/generated/registry/${code}.ts`] = [
      header('schemas/*.yaml'),
      `import type { ResourceEntry } from '../../shared/entityModel';`,
      ``,
      `/** The entities of menu module ${code}, sorted by name. */`,
      ...entryList('entries', entities.filter((e) => e.modules.includes(code)), (e) => `../entities/${e.name}`),
      ``,
    ].join('\n');
  }
  // Which roles may list something in a module: the menu shows a module's title before its entries are loaded.
  const readers = (code: string) =>
    [...new Set(entities.filter((e) => e.modules.includes(code) && !e.parent).flatMap((e) => e.access.list))].sort();
  files['src/generated/registry.ts'] = [
    header('schemas/*.yaml'),
    `// The shell's eager part of the registry: the menu modules. Each module's entries load on demand.`,
    `import type { ResourceEntry } from '../shared/entityModel';`,
    ``,
    `export interface RegistryModule {`,
    `  /** The roles that may list at least one of its (non-detail) entities. */`,
    `  readers: string[];`,
    `  load: () => Promise<{ entries: ResourceEntry[] }>;`,
    `}`,
    ``,
    `export const registryModules: Record<string, RegistryModule> = {`,
    ...modules.map((code) => `  ${code}: { readers: ${JSON.stringify(readers(code))}, load: () => import(${stringLiteral(`./registry/${code}`)}) },`),
    `};`,
    ``,
  ].join('\n');
  return files;
}

export function emitIndex(entities: EntityModel[]): Files {
  const ident = (name: string) => `${name}Module`;
  return {
    'src/generated/all.ts': [
      header('schemas/*.yaml'),
      `// Eager: every entity with its validator, those without a screen too. For the server and tests; the app loads entities one by one.`,
      `import type { EntityModel, ValidateFunction } from '../shared/entityModel';`,
      ...entities.map((e) => `import * as ${ident(e.name)} from './entities/${e.name}';`),
      ``,
      `export const entities: EntityModel[] = [${entities.map((e) => `${ident(e.name)}.entity`).join(', ')}];`,
      ``,
      `export const validators: Record<string, ValidateFunction> = {\n${entities.map((e) => `  ${stringLiteral(e.name)}: ${ident(e.name)}.validate,`).join('\n')}\n};`,
      ``,
    ].join('\n'),
    // Eager: every registry entry, for tests (the app loads them per module, src/views/registryLookup.ts).
    'src/generated/allEntries.ts': [
      header('schemas/*.yaml'),
      `// Eager: every registry entry (the entities with a screen), sorted by name. For tests; the app loads the entries per menu module.`,
      `import type { ResourceEntry } from '../shared/entityModel';`,
      ``,
      ...entryList('resources', entities.filter(hasScreen), (e) => `./entities/${e.name}`),
      ``,
    ].join('\n'),
  };
}
