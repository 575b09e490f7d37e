// The first path segments of the shell's own pages, which are no resource: opening one
// never needs the registry's entries of every module (src/main.tsx).

export const SHELL_SEGMENTS: ReadonlySet<string> = new Set(['', 'login']);
