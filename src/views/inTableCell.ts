// Whether a field display draws inside a list's table cell (src/views/list/RecordTable.tsx),
// whose <td> already sets the body2 type: its plain text is then a bare <span>, not a
// Typography of its own.
import { createContext } from 'react';

export const InTableCell = createContext(false);
