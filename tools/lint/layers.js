// DESIGN.md's layout table as data: for each folder, the folders its files may import from
// (besides packages); a `*` in an allowed folder stands for any one folder name. A file belongs
// to the longest folder below that its path starts with;
// files in none of them (tests/, bench/, the root's config files, tools/) may import anything.
//
// Where the table is coarse, this is how the code reads it:
// - src/shared/ holds what the browser, the server and the generator share (no React, no DOM),
//   so all three may import it; it imports nothing but itself.
// - inside src/: app/ composes everything; a page may use the shell's pieces in app/; views and
//   resources sit on providers; providers (data, auth, i18n) sit on shared/ and generated/ and
//   are the one place that reads locales/.

/** @type {Record<string, string[]>} */
export const LAYERS = {
  'generators/': ['generators/', 'src/shared/'],
  // The locales merge each bespoke page's texts, kept in its folder (and importing nothing).
  'locales/': ['locales/', 'src/pages/*/texts/'],
  'server/': ['server/', 'src/shared/', 'src/generated/'],
  'src/shared/': ['src/shared/'],
  'src/generated/': ['src/generated/', 'src/shared/'],
  'src/providers/': ['src/providers/', 'src/shared/', 'src/generated/', 'locales/'],
  'src/views/': ['src/views/', 'src/providers/', 'src/shared/', 'src/generated/'],
  'src/resources/': ['src/resources/', 'src/views/', 'src/providers/', 'src/shared/', 'src/generated/'],
  'src/pages/': ['src/pages/', 'src/app/', 'src/views/', 'src/providers/', 'src/shared/', 'src/generated/'],
  'src/app/': ['src/app/', 'src/pages/', 'src/resources/', 'src/views/', 'src/providers/', 'src/shared/', 'src/generated/'],
  'src/main.tsx': ['src/'],
};
