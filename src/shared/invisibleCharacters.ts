// Characters a person cannot see: the zero-width space, joiners and word joiner
// (U+200B–U+200D, U+2060), the byte order mark (U+FEFF), the soft hyphen, direction marks and
// every other Unicode format character (category Cf), the combining grapheme joiner and the
// Hangul fillers. In a value that must be unique they would let two records look the same
// ("Gedung QA" and "Gedung\u200B QA"), so they are refused there.

const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/u;

export function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE.test(text);
}
