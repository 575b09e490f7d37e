// The board's titles that the menus, the tab and the page heading show before the board's code
// (and its other texts, ./register.ts) arrive: merged into the locales under `comboard.*`.
// ./en.ts and ./id.ts hold the same texts (tests/app/locales.test.ts checks they agree).

// A type, not an interface: the catalogs' type needs the implicit index signature.
type Titles = {
  title: string;
  area: { title: string };
  home: { title: string };
};

export const titlesEn: Titles = { title: 'Comboard', area: { title: 'Announcements' }, home: { title: 'Comboard home' } };
export const titlesId: Titles = { title: 'Comboard', area: { title: 'Pengumuman' }, home: { title: 'Beranda comboard' } };
