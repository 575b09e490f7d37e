// The groups of a long form (`sections:` or `tabs:` in the schema): each group's inputs under
// its title, one section under another or one tab at a time. Every tab stays mounted (only
// hidden), so the whole record is validated and saved whichever tab is open; a tab holding a
// field with an error says so in its title, so a refused save never hides its reason.

import { useState, type ReactNode } from 'react';
import { FormGroupContextProvider, useFormGroup } from 'react-admin';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { FieldModel, FormLayout } from '../shared/entityModel';
import { useText } from './useText';

export interface FormGroupsProps {
  layout: FormLayout;
  /** The fields the form shows (mode and roles applied); a group's others are left out. */
  fields: readonly FieldModel[];
  render: (field: FieldModel) => ReactNode;
  /** Form id prefix, so that tab ids stay unique when two forms are on one page. */
  id: string;
}

function groupsWithFields(layout: FormLayout, fields: readonly FieldModel[]) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return layout.groups
    .map((group) => ({ group, fields: group.fields.flatMap((name) => byName.get(name) ?? []) }))
    .filter((g) => g.fields.length > 0);
}

export function FormGroups({ layout, fields, render, id }: FormGroupsProps) {
  const text = useText();
  const groups = groupsWithFields(layout, fields);
  if (layout.layout === 'tabs') return <FormTabs groups={groups} render={render} id={id} />;
  return (
    <Box sx={{ width: '100%' }}>
      {groups.map(({ group, fields: shown }, i) => (
        <Box component="section" key={i} aria-labelledby={`${id}-section-${i}`} sx={{ mb: 2 }}>
          {i > 0 && <Divider sx={{ mb: 2 }} />}
          <Typography id={`${id}-section-${i}`} variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
            {text(group.label)}
          </Typography>
          {group.help && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {text(group.help)}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>{shown.map(render)}</Box>
        </Box>
      ))}
    </Box>
  );
}

function FormTabs({ groups, render, id }: { groups: ReturnType<typeof groupsWithFields>; render: FormGroupsProps['render']; id: string }) {
  const text = useText();
  const [open, setOpen] = useState(0);
  const current = Math.min(open, groups.length - 1);
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={current} onChange={(_, value: number) => setOpen(value)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {groups.map(({ group }, i) => (
          <Tab key={i} id={`${id}-tab-${i}`} aria-controls={`${id}-tabpanel-${i}`} label={<TabTitle group={`${id}-${i}`} title={text(group.label)} />} />
        ))}
      </Tabs>
      {groups.map(({ group, fields }, i) => (
        <Box key={i} role="tabpanel" id={`${id}-tabpanel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={i !== current} sx={{ display: i === current ? 'flex' : 'none', flexDirection: 'column' }}>
          {group.help && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {text(group.help)}
            </Typography>
          )}
          <FormGroupContextProvider name={`${id}-${i}`}>{fields.map(render)}</FormGroupContextProvider>
        </Box>
      ))}
    </Box>
  );
}

/** A tab's title, in the error colour with a mark while a field of the tab is refused. */
function TabTitle({ group, title }: { group: string; title: string }) {
  const state = useFormGroup(group);
  const wrong = !state.isValid;
  return (
    <Box component="span" sx={wrong ? { color: 'error.main' } : undefined} data-invalid={wrong || undefined}>
      {wrong ? `${title} ⚠` : title}
    </Box>
  );
}
