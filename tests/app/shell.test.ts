import { describe, expect, it, vi } from 'vitest';
import { isValidElement } from 'react';
import { menuResource } from '../../src/app/Menu';
import { createResourceFactory } from '../../src/app/resourceFromEntry';
import { createEntityLoader } from '../../src/app/entityLoader';
import { resources } from '../../src/generated/allEntries';
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
  it('places a detail’s pages under its parent’s menu entry', () => {
    expect(menuResource(resources, 'progexctimecomm')).toBe('programme');
    expect(menuResource(resources, 'holidays-detail')).toBe('holidays');
    expect(menuResource(resources, 'class')).toBe('class');
    expect(menuResource(resources, 'login')).toBe('login');
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

  it('gives a settings page one view, its form at its route, and no others', () => {
    const settings = resources.find((e) => e.resource === 'settingschool')!;
    expect(settings.singleton).toBe(true);
    const resourceFromEntry = createResourceFactory(createEntityLoader({ addEntity: () => undefined }));
    const admin = resourceFromEntry(settings, ['ROLE_ADMIN']);
    expect(isValidElement(admin.list)).toBe(true);
    expect([admin.create, admin.edit, admin.show]).toEqual([undefined, undefined, undefined]);
    expect(resourceFromEntry(settings, ['ROLE_TEACHER']).list).toBeUndefined();
  });

  it('represents a record of a tree by its path from the root', () => {
    const position = resources.find((e) => e.name === 'position')!;
    const represent = createResourceFactory(createEntityLoader({ addEntity: () => undefined }))(position, ['ROLE_ADMIN'])
      .recordRepresentation as (r: Record<string, unknown>) => string;
    expect(represent({ id: 4, name: 'Guru', tree_path: ['Yayasan', 'Kepala Sekolah', 'Guru'] })).toBe('Yayasan › Kepala Sekolah › Guru');
    expect(represent({ id: 4, name: 'Guru' })).toBe('Guru');
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
