// A show page's fields in the schema's groups (`sections:` or `tabs:`): each group's fields
// under its title, one group under another (a show page is read top to bottom, so tabs are
// drawn as sections there). Groups with no field left to show are left out.

import type { ReactNode } from 'react';
import { SimpleShowLayout } from 'react-admin';
import Typography from '@mui/material/Typography';
import type { FieldModel, FormLayout } from '../shared/entityModel';
import { useText } from './useText';

export function ShowGroups({ layout, fields, render }: { layout: FormLayout; fields: readonly FieldModel[]; render: (field: FieldModel) => ReactNode }) {
  const text = useText();
  const byName = new Map(fields.map((f) => [f.name, f]));
  // Fields in no group (hidden in the form, shown on show pages) come last, untitled.
  const grouped = new Set(layout.groups.flatMap((g) => g.fields));
  const rest = fields.filter((f) => !grouped.has(f.name));
  return (
    <>
      {layout.groups.map((group, i) => {
        const shown = group.fields.flatMap((name) => byName.get(name) ?? []);
        if (!shown.length) return null;
        return (
          <section key={i}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, px: 2, pt: 2 }}>
              {text(group.label)}
            </Typography>
            <SimpleShowLayout sx={{ pt: 0 }}>{shown.map(render)}</SimpleShowLayout>
          </section>
        );
      })}
      {rest.length > 0 && <SimpleShowLayout>{rest.map(render)}</SimpleShowLayout>}
    </>
  );
}
