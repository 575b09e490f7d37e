// The registry arrives by menu module: the first page knows no entity, each module's
// entries load on demand, and an entity's module brings the entries its views draw.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { menuItems } from '../../src/app/menus/menuChoice';
import { resources } from '../../src/generated/allEntries';
import { registryModules } from '../../src/generated/registry';
import { createEntityLoader } from '../../src/app/entityLoader';
import { moduleReadable, targetEntry } from '../../src/views/registryLookup';

const ROOT = join(__dirname, '../..');

describe('the registry split by menu module', () => {
  // The registry's state as a first page has it: the test files share one module cache
  // (isolate: false), and another file may have loaded every module already.
  let lookup: typeof import('../../src/views/registryLookup');
  beforeAll(async () => {
    vi.resetModules();
    lookup = await import('../../src/views/registryLookup');
  });

  it('keeps entities out of the eager part: it names the modules and who may read them', () => {
    const eager = readFileSync(join(ROOT, 'src/generated/registry.ts'), 'utf8');
    for (const entry of resources) expect(eager).not.toContain(`"${entry.name}"`);
    expect(Object.keys(registryModules)).toEqual(expect.arrayContaining(['ACA', 'FINA', 'HUCAP', 'BOOKING', 'COM', 'COURSE']));
    expect(moduleReadable('FINA', ['ROLE_FINANCE'])).toBe(true);
    expect(moduleReadable('HUCAP', ['ROLE_STUDENT'])).toBe(false);
    expect(moduleReadable('ACA', [])).toBe(false);
  });

  it('puts every entity in the chunk of each of its modules', async () => {
    for (const [code, module] of Object.entries(registryModules)) {
      const { entries } = await module.load();
      expect(entries.map((e) => e.name).sort()).toEqual(resources.filter((e) => e.modules.includes(code)).map((e) => e.name).sort());
    }
  });

  it('knows nothing at first, then a module’s entries once it has loaded, and tells who waits', async () => {
    expect(lookup.knownEntries().map((e) => e.name)).toEqual([]);
    expect(lookup.entryOfResource('coa')).toBeUndefined();
    let calls = 0;
    const stop = lookup.subscribeEntries(() => calls++);
    await lookup.loadModules(['FINA']);
    stop();
    expect(calls).toBe(1);
    expect(lookup.moduleLoaded('FINA')).toBe(true);
    expect(lookup.entryOfResource('coa')?.name).toBe('coa');
    expect(lookup.entryOfResource('class')).toBeUndefined();
    // The finance menu names its schema entries now; the academic one knows only those it shares with finance.
    expect(menuItems('FINA', ['ROLE_ADMIN'], lookup.entryOfResource).find((i) => i.route === '/coa')?.entry?.name).toBe('coa');
    const academic = menuItems('ACA', ['ROLE_ADMIN'], lookup.entryOfResource).filter((i) => i.entry);
    expect(academic.every((i) => i.entry!.modules.includes('FINA'))).toBe(true);
  });

  it('loads every module for a deep link into a module not loaded yet, but not for the login page', async () => {
    expect(await lookup.loadForPath('/login', ['FINA'], new Set(['', 'login']))).toBeUndefined();
    expect(lookup.moduleLoaded('HUCAP')).toBe(false);
    expect((await lookup.loadForPath('/mleave/3/show', ['FINA']))?.name).toBe('leave_type');
    expect(Object.keys(registryModules).every(lookup.moduleLoaded)).toBe(true);
  });
});

describe('an entity module’s related entries', () => {
  it('brings its reference targets, its details and its parent', async () => {
    const byName = (name: string) => resources.find((e) => e.name === name)!;
    const holiday = await byName('holiday').load();
    expect(holiday.related.map((e) => e.name)).toContain('holiday_detail');
    const detail = await byName('holiday_detail').load();
    expect(detail.related.map((e) => e.name)).toContain('holiday');
    const klass = await byName('class').load();
    const targets = new Set(klass.entity.fields.flatMap((f) => (f.to ? [f.to] : [])));
    expect(new Set(klass.related.map((e) => e.name))).toEqual(targets);
  });

  it('makes them known when the app loads the module', async () => {
    const teacher = resources.find((e) => e.name === 'teacher')!;
    const module = await createEntityLoader({ addEntity: () => undefined })(teacher);
    for (const related of module.related) expect(targetEntry(related.name)?.resource).toBe(related.resource);
  });
});
