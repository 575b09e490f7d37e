import { describe, expect, it, vi } from 'vitest';
import { isValidElement } from 'react';
import { menuGroups } from '../../src/app/Menu';
import { createResourceFactory } from '../../src/app/resourceFromEntry';
import { createEntityLoader } from '../../src/app/entityLoader';
import { resources } from '../../src/generated/registry';
import { abilitiesOf, ruleDenying } from '../../src/views/access';
import * as classModule from '../../src/generated/entities/class';
import type { ResourceEntry } from '../../src/shared/entityModel';

const classEntry = resources.find((e) => e.resource === 'class')!;

describe('abilities and rules', () => {
  it('allows each action to the roles the registry names', () => {
    expect(abilitiesOf(classEntry, ['ROLE_ADMIN'])).toEqual({ list: true, show: true, create: true, edit: true, delete: true });
    expect(abilitiesOf(classEntry, ['ROLE_TEACHER'])).toEqual({ list: true, show: true, create: false, edit: false, delete: false });
    expect(abilitiesOf(classEntry, [])).toEqual({ list: false, show: false, create: false, edit: false, delete: false });
  });

  it('finds the record rule that refuses an action', () => {
    const { entity } = classModule;
    expect(ruleDenying(entity, { is_sync_google_classroom: true }, 'edit')?.message.id).toMatch(/Google Classroom/);
    expect(ruleDenying(entity, { is_sync_google_classroom: false }, 'delete')).toBeUndefined();
    expect(ruleDenying(entity, undefined, 'edit')).toBeUndefined();
  });
});

describe('menu', () => {
  it('groups the listable entries by module, in the fixed module order', () => {
    const groups = menuGroups(resources, ['ROLE_ADMIN']);
    expect(groups.map((g) => g.module)).toEqual(
      ['ACA', 'FINA', 'HUCAP', 'BOOKING', 'COM', 'COURSE'].filter((m) => resources.some((e) => e.modules.includes(m))),
    );
    const academic = groups.find((g) => g.module === 'ACA')!;
    expect(academic.entries.map((e) => e.resource)).toContain('class');
    // class is also in the course variant of the academic menu.
    expect(groups.find((g) => g.module === 'COURSE')?.entries.map((e) => e.resource)).toContain('class');
  });

  it('shows only what the roles may list', () => {
    expect(menuGroups(resources, [])).toEqual([]);
    const finance = menuGroups(resources, ['ROLE_FINANCE']).flatMap((g) => g.entries);
    expect(finance.every((e) => e.access.list.includes('ROLE_FINANCE'))).toBe(true);
  });
});

describe('resources from the registry', () => {
  it('offers only the views the roles allow, and represents records as the schema says', () => {
    const load = vi.fn(classEntry.load);
    const entry: ResourceEntry = { ...classEntry, load };
    const resourceFromEntry = createResourceFactory(createEntityLoader({ addEntity: () => undefined }));
    const teacher = resourceFromEntry(entry, ['ROLE_TEACHER']);
    expect(isValidElement(teacher.list)).toBe(true);
    expect(isValidElement(teacher.show)).toBe(true);
    expect(teacher.create).toBeUndefined();
    expect(teacher.edit).toBeUndefined();
    const admin = resourceFromEntry(entry, ['ROLE_ADMIN']);
    expect(isValidElement(admin.create) && isValidElement(admin.edit)).toBe(true);
    const represent = admin.recordRepresentation as (r: Record<string, unknown>) => string;
    expect(represent({ id: 1, name: 'X IPA 1' })).toBe('X IPA 1');
    // Nothing is loaded until a view renders.
    expect(load).not.toHaveBeenCalled();
  });

  it('loads an entity module once and registers its labels', async () => {
    const addEntity = vi.fn();
    const load = vi.fn(classEntry.load);
    const loader = createEntityLoader({ addEntity });
    const entry = { ...classEntry, load };
    const [a, b] = await Promise.all([loader(entry), loader(entry)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(addEntity).toHaveBeenCalledWith(a.entity);
  });
});
