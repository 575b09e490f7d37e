// English texts of a record's History tab, its restore, and the delete confirmation with what
// the record is used by (namespace `recordHistory.*`; ./id.ts has the same keys).

const recordHistory = {
  tab_details: 'Details',
  tab_history: 'History',
  empty: 'No changes recorded yet',
  loading: 'Loading history…',
  action_create: 'Created',
  action_update: 'Changed',
  action_delete: 'Deleted',
  by: 'by %{user}',
  field: 'Field',
  before: 'Before',
  after: 'After',
  secret: 'changed (not shown)',
  blank: '(empty)',
  restore: 'Restore',
  restore_title: 'Restore "%{field}"?',
  restore_body: '"%{field}" goes back to %{value}. The restore is saved as a new change.',
  impact_title: 'Delete this %{entity}?',
  impact_loading: 'Checking what uses this record…',
  impact_none: 'Nothing else uses this record. Deleting it cannot be undone.',
  impact_used: 'This record cannot be deleted while these records use it:',
  impact_more: 'and %{count} more',
  impact_count: '%{count} %{entity}',
  delete: 'Delete',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
};

export default recordHistory;
