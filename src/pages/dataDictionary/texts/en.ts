// The data dictionary page's texts in English: the namespace `dataDictionary.*`, merged into
// locales/en.ts. ./id.ts has the same keys.

const dataDictionary = {
  title: 'Data dictionary',
  intro: 'Every entity of the application: its fields, their kinds and rules, what it refers to and what refers to it, and who may read and change it. Generated from the schemas.',
  search: 'Search entities and fields',
  entities: 'Entities',
  count: '%{smart_count} entity |||| %{smart_count} entities',
  noMatch: 'No entity or field matches',
  field: 'Field',
  label: 'Label',
  kind: 'Kind',
  rules: 'Rules',
  refersTo: 'Refers to',
  recordRules: 'Rules of the record',
  referencedBy: 'Referenced by',
  nothing: 'none',
  access: 'Who may',
  screen: 'Screen',
  noScreen: 'no screen of its own (shown by a bespoke page)',
  menus: 'Menus',
  source: 'Schema file',
  actions: { list: 'list', show: 'see', create: 'add', edit: 'change', delete: 'delete' },
};

export default dataDictionary;
