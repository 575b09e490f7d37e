// /settingodoo's own texts beside the generated form (issue 13 "Accounting sync"): namespace
// `finance.accounting.*`, registered with the view's code (./register.ts). ./id.ts has the same keys.

const accounting = {
  title: 'Connection and sync',
  help: 'Test connection and Sync now use the saved settings: save your changes first.',
  test: 'Test connection',
  sync_now: 'Sync now',
  counts: 'Journals',
  state: { not_sync: 'Not Sync', synced: 'Synced', not_validated: 'Not Validated' },
  off: 'Sync is off: journals stay Not Sync until it is turned on.',
  last_run: 'Last scheduled run: %{date}',
  never: 'No scheduled run yet',
  open_journals: 'Open the journals',
};

export default accounting;
