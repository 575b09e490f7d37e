// The frame of a portal page below the home: its title (the route's), the child filter for a
// parent with several children, optional tabs (each a route of its own, spec 1 §2.4–§2.5), and
// the page's body for the chosen child or all.

import './texts/register';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { PORTAL_PATHS, type Child } from '../../shared/api/portal';
import { usePortalGet } from './portalCalls';
import { ChildFilter } from './PortalParts';

/** The child a page is narrowed to (none: all the caller's children). */
export type Narrow = { student_id?: number };

export interface PortalTab {
  path: string;
  label: string;
}

export function PortalPage({
  path,
  tabs,
  tab,
  children,
  tools,
}: {
  path: string;
  tabs?: readonly PortalTab[];
  tab?: string;
  tools?: ReactNode;
  children: (narrow: Narrow) => ReactNode;
}) {
  const translate = useTranslate();
  const title = useRouteTitle(path);
  useDocumentTitle(title);
  const kids = usePortalGet<Child[]>(PORTAL_PATHS.children);
  const [childId, setChildId] = useState<number | ''>('');
  return (
    <Box data-testid="portal-page" sx={{ maxWidth: 1100, mx: 'auto', width: '100%', pb: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {tools}
          {kids.status === 'done' && kids.data.length > 1 && (
            <Box sx={{ width: { xs: '100%', sm: 240 } }}>
              <ChildFilter items={kids.data} value={childId} onChange={setChildId} />
            </Box>
          )}
        </Stack>
      </Stack>
      {tabs && (
        <Tabs value={tab ?? tabs[0]!.path} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={title}>
          {tabs.map((t) => (
            <Tab key={t.path} value={t.path} label={translate(t.label)} component={RouterLink} to={t.path} />
          ))}
        </Tabs>
      )}
      {children(childId === '' ? {} : { student_id: childId })}
    </Box>
  );
}
