// @vitest-environment jsdom
// The keyboard shortcuts' steps (issue 16): which key press means what, and what each does to
// the page (the search box focused, the form's own save button pressed, the field left).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusSearch, leaveField, saveForm, shortcutOf } from '../../src/app/keyboard/shortcutKeys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyboard shortcuts', () => {
  it('reads Ctrl+K, ⌘K, Ctrl+S, Escape in a field and ? outside one', () => {
    document.body.innerHTML = '<input id="field"><div id="plain" tabindex="0"></div><div role="dialog"><input id="inDialog"></div>';
    const field = document.getElementById('field');
    const plain = document.getElementById('plain');
    expect(shortcutOf(press('k', { ctrlKey: true }), plain)).toBe('search');
    expect(shortcutOf(press('K', { metaKey: true }), field)).toBe('search');
    expect(shortcutOf(press('s', { ctrlKey: true }), field)).toBe('save');
    expect(shortcutOf(press('Escape'), field)).toBe('leave');
    expect(shortcutOf(press('Escape'), plain)).toBeUndefined();
    // A dialog's Escape closes the dialog: not ours.
    expect(shortcutOf(press('Escape'), document.getElementById('inDialog'))).toBeUndefined();
    expect(shortcutOf(press('?'), plain)).toBe('help');
    // A question mark typed in a field is the field's.
    expect(shortcutOf(press('?'), field)).toBeUndefined();
    expect(shortcutOf(press('k'), plain)).toBeUndefined();
    expect(shortcutOf(press('k', { ctrlKey: true, altKey: true }), plain)).toBeUndefined();
  });

  it('focuses the flagged search box, and says when the page has none', () => {
    expect(focusSearch()).toBe(false);
    document.body.innerHTML = '<input id="other"><input id="search" data-shortcut="search" value="abc">';
    expect(focusSearch()).toBe(true);
    expect(document.activeElement?.id).toBe('search');
  });

  it('saves the focused form through its enabled save button, and nothing when it is disabled', () => {
    document.body.innerHTML =
      '<form id="a"><input id="inA"><button type="submit" id="saveA">Save</button></form>' +
      '<form id="b"><input id="inB"><button type="submit" id="saveB" disabled>Save</button></form>';
    const clicked = vi.fn();
    document.getElementById('saveA')!.addEventListener('click', (e) => {
      e.preventDefault();
      clicked('a');
    });
    expect(saveForm(document.getElementById('inA'))).toBe(true);
    expect(clicked).toHaveBeenCalledWith('a');
    expect(saveForm(document.getElementById('inB'))).toBe(false);
    // Two forms and the focus in neither: which one is meant is unclear, so none.
    expect(saveForm(document.body)).toBe(false);
  });

  it('leaves the focused field', () => {
    document.body.innerHTML = '<input id="f">';
    const f = document.getElementById('f')!;
    f.focus();
    leaveField(f);
    expect(document.activeElement).toBe(document.body);
  });
});
