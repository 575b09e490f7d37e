// Deleting the selected rows, after a confirmation (react-admin's BulkDeleteButton in
// pessimistic mode): loaded when a row is first selected (ListBulkBar.tsx).

import { BulkDeleteButton } from 'react-admin';

export default function BulkDelete() {
  return <BulkDeleteButton mutationMode="pessimistic" />;
}
