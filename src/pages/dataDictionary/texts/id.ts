// The data dictionary page's texts in Indonesian: the namespace `dataDictionary.*`, merged
// into locales/id.ts. ./en.ts has the same keys.

const dataDictionary = {
  title: 'Kamus data',
  intro: 'Setiap entitas aplikasi: kolom-kolomnya, jenis dan aturannya, apa yang dirujuknya dan apa yang merujuknya, serta siapa yang boleh melihat dan mengubahnya. Dibuat dari skema.',
  search: 'Cari entitas dan kolom',
  entities: 'Entitas',
  count: '%{smart_count} entitas',
  noMatch: 'Tidak ada entitas atau kolom yang cocok',
  field: 'Kolom',
  label: 'Label',
  kind: 'Jenis',
  rules: 'Aturan',
  refersTo: 'Merujuk ke',
  recordRules: 'Aturan data',
  referencedBy: 'Dirujuk oleh',
  nothing: 'tidak ada',
  access: 'Yang boleh',
  screen: 'Layar',
  noScreen: 'tidak punya layar sendiri (ditampilkan oleh halaman khusus)',
  menus: 'Menu',
  source: 'Berkas skema',
  actions: { list: 'melihat daftar', show: 'melihat', create: 'menambah', edit: 'mengubah', delete: 'menghapus' },
};

export default dataDictionary;
