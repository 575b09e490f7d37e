// Which generic view a logged-in start fetches ahead for its address.

import { describe, expect, it } from 'vitest';
import { viewOfPath } from '../../src/shared/viewOfPath';
import type { ResourceEntry } from '../../src/shared/entityModel';

const entry = { resource: 'class' } as ResourceEntry;
const singleton = { resource: 'general-setting', singleton: true } as ResourceEntry;

describe('viewOfPath', () => {
  it('follows react-admin’s resource routes', () => {
    expect(viewOfPath('/class', entry)).toBe('list');
    expect(viewOfPath('/class/', entry)).toBe('list');
    expect(viewOfPath('/class/create', entry)).toBe('create');
    expect(viewOfPath('/class/5', entry)).toBe('edit');
    expect(viewOfPath('/class/5/show', entry)).toBe('show');
    expect(viewOfPath('/class/5/other/thing', entry)).toBeUndefined();
  });

  it('opens a singleton’s one view at its route only', () => {
    expect(viewOfPath('/general-setting', singleton)).toBe('singleton');
    expect(viewOfPath('/general-setting/5', singleton)).toBeUndefined();
  });
});
