// The column chooser and saved views of every generated list (issue 16; src/views/list/ListViewsMenu.tsx).
const listViews = {
  columns: 'Columns',
  columns_title: 'Columns shown',
  columns_reset: 'Schema default',
  columns_one: 'At least one column stays',
  views: 'Views',
  views_title: 'Saved views',
  views_none: 'No saved views yet',
  save_current: 'Save current view…',
  save_title: 'Save the current view',
  save_hint: 'Saves the filter, the sort and the columns shown, for you, on every device.',
  name: 'Name of the view',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete view %{name}',
  saved: 'View "%{name}" saved',
  deleted: 'View "%{name}" deleted',
  applied: 'View "%{name}" applied',
  failed: 'Your list settings could not be saved: %{error}',
};
export default listViews;
