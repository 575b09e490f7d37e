// The journals list's texts (/journal, issue 12; spec 3 §4 journal sync filter): namespace
// `finance.journals.*`, registered with the page's code (./register.ts). ./id.ts has the same keys.

const journals = {
  filter: {
    search: 'Search',
    search_help: 'Journal no, description, invoice or payment no',
    source: 'Source',
    sync_state: 'Sync',
    journal_type: 'Journal type',
    from: 'Date from',
    to: 'Date until',
    all: 'All',
    clear: 'Clear filters',
  },
  source: { invoice: 'Invoice', payment: 'Payment', waiver: 'Waiver', penalty: 'Penalty', merge: 'Merge', reversal: 'Reversal' },
  sync: { not_sync: 'Not Sync', synced: 'Synced', not_validated: 'Not Validated' },
  column: {
    number: 'Journal no',
    date: 'Date',
    type: 'Journal type',
    source: 'Source',
    description: 'Description',
    document: 'Invoice / payment no',
    debit: 'Debit',
    credit: 'Credit',
    sync: 'Sync',
    sync_date: 'Sync date',
  },
  lines: {
    show: 'Show the lines of %{number}',
    hide: 'Hide the lines of %{number}',
    title: 'Lines of %{number}',
    account: 'Account',
    account_name: 'Account name',
    debit: 'Debit',
    credit: 'Credit',
    description: 'Description',
    officer: 'Officer: %{officer}',
    synced_on: 'Synced on %{date}',
    reverses: 'Reverses %{number}',
  },
  sync_now: 'Sync now',
  attempts: '%{smart_count} attempt |||| %{smart_count} attempts',
  empty: 'No Data',
  loading: 'Loading journals…',
  load_failed: 'The journals could not be loaded.',
  retry: 'Try again',
  total: '%{count} journal |||| %{count} journals',
};

export default journals;
