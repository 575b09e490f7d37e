// The app's and the server's view of the model: one module per entity (loaded on demand by
// the app), a small registry for the shell, and an eager index for the server and tests.

import type { EntityModel, ResourceEntry } from '../../src/shared/entityModel';
import { header, literal, stringLiteral, type Files } from './print';

export function emitEntityModules(entities: EntityModel[]): Files {
  const files: Files = {};
  for (const e of entities) {
    files[`src/generated/entities/${e.name}.ts`] = [
      header(e.source),
      `import type { EntityModel } from '../../shared/entityModel';`,
      `export { validate } from '../validators/${e.name}.js';`,
      ``,
      `export const entity: EntityModel = ${literal(e)};`,
      ``,
    ].join('\n');
  }
  return files;
}

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
  if (e.parent) entry.parent = e.parent;
  if (e.tree) entry.tree = e.tree;
  return entry;
}

export function emitRegistry(entities: EntityModel[]): Files {
  // The same few access rules serve most entities: each distinct one is printed once.
  const accessNames = new Map<string, string>();
  for (const e of entities) {
    const key = JSON.stringify(e.access);
    if (!accessNames.has(key)) accessNames.set(key, `access${accessNames.size}`);
  }
  const entries = entities.map((e) => {
    const body = JSON.stringify(summary(e)).slice(0, -1); // drop the closing "}" to append access and load()
    return `  {${body.slice(1)},"access":${accessNames.get(JSON.stringify(e.access))},"load":() => import(${stringLiteral(`./entities/${e.name}`)})}`;
  });
  return {
    'src/generated/registry.ts': [
      header('schemas/*.yaml'),
      `import type { ResourceEntry } from '../shared/entityModel';`,
      ``,
      ...[...accessNames].map(([json, name]) => `const ${name}: ResourceEntry['access'] = ${json};`),
      ``,
      `/** Every entity, sorted by name: what the shell needs before a view is opened. */`,
      `export const resources: ResourceEntry[] = [\n${entries.join(',\n')},\n];`,
      ``,
    ].join('\n'),
  };
}

export function emitIndex(entities: EntityModel[]): Files {
  const ident = (name: string) => `${name}Module`;
  return {
    'src/generated/all.ts': [
      header('schemas/*.yaml'),
      `// Eager: every entity with its validator. For the server and tests; the app loads entities one by one.`,
      `import type { EntityModel, ValidateFunction } from '../shared/entityModel';`,
      ...entities.map((e) => `import * as ${ident(e.name)} from './entities/${e.name}';`),
      ``,
      `export const entities: EntityModel[] = [${entities.map((e) => `${ident(e.name)}.entity`).join(', ')}];`,
      ``,
      `export const validators: Record<string, ValidateFunction> = {\n${entities.map((e) => `  ${stringLiteral(e.name)}: ${ident(e.name)}.validate,`).join('\n')}\n};`,
      ``,
    ].join('\n'),
  };
}
