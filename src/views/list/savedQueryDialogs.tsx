// The saved-query dialogs of the filter menu, fetched when one is first opened (FilterMenu.tsx).
export { AddSavedQueryDialog, RemoveSavedQueryDialog } from 'react-admin';
