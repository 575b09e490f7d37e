// What each keyboard shortcut of the staff shell does (issue 16; spec 1 §5: Ctrl+K focuses a
// flagged field, Escape blurs it), as plain DOM steps so a test can drive them without React:
// Ctrl+K (⌘K) focuses the field flagged `data-shortcut="search"` (a list's search box), Ctrl+S
// (⌘S) saves the form being edited through its own save button, Escape leaves a field, and `?`
// outside a field opens the help dialog.

export type ShortcutAction = 'search' | 'save' | 'leave' | 'help';

/** The shortcuts in the order the help dialog lists them. */
export const SHORTCUTS: readonly { action: ShortcutAction; keys: string }[] = [
  { action: 'search', keys: 'ctrl_k' },
  { action: 'save', keys: 'ctrl_s' },
  { action: 'leave', keys: 'escape' },
  { action: 'help', keys: 'question' },
];

export const SEARCH_FLAG = 'data-shortcut';

function isEditable(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The shortcut a key press means, if any. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, active: Element | null): ShortcutAction | undefined {
  const key = event.key.toLowerCase();
  const command = (event.ctrlKey || event.metaKey) && !event.altKey;
  if (command && key === 'k') return 'search';
  if (command && key === 's') return 'save';
  // In a dialog, Escape is the dialog's own (it closes it).
  if (key === 'escape' && isEditable(active) && !active.closest('[role="dialog"], [role="presentation"]')) return 'leave';
  if (event.key === '?' && !command && !isEditable(active)) return 'help';
  return undefined;
}

/** Focuses the page's search box; false when the page has none. */
export function focusSearch(root: ParentNode = document): boolean {
  const flagged = root.querySelector<HTMLElement>(`[${SEARCH_FLAG}="search"]`);
  if (!flagged) return false;
  flagged.focus();
  if (flagged instanceof HTMLInputElement) flagged.select();
  return true;
}

/**
 * Saves the form being edited: the one holding the focus, else the page's only form, through
 * its enabled submit button (as a click would: react-admin's save, its validation and its
 * messages). False when there is no such form or its save is disabled (nothing changed yet).
 */
export function saveForm(active: Element | null, root: ParentNode = document): boolean {
  const forms = [...root.querySelectorAll('form')];
  const form = active?.closest('form') ?? (forms.length === 1 ? forms[0] : undefined);
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])');
  if (!button) return false;
  button.click();
  return true;
}

/** Leaves the focused field. */
export function leaveField(active: Element | null): void {
  if (active instanceof HTMLElement) active.blur();
}
