// The name an uploaded file is stored and offered for download under: its last path
// segment, without control characters or bidirectional overrides (which make "gnp.exe"
// look like "exe.png"), line breaks and runs of blanks made one space, at most
// MAX_NAME_LENGTH characters with the extension kept.

export const MAX_NAME_LENGTH = 200;

/** C0/C1 controls, and the bidirectional marks, embeddings, overrides and isolates. */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function uploadName(title: string): string {
  const lastSegment = title.split(/[/\\]/).pop() ?? '';
  const name = lastSegment.replace(/\s+/g, ' ').replace(UNSAFE, '').trim();
  if (/^\.*$/.test(name)) return '';
  const chars = [...name];
  if (chars.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const kept = extension.length < 16 ? extension : [];
  return chars.slice(0, MAX_NAME_LENGTH - kept.length).join('').trimEnd() + kept.join('');
}
