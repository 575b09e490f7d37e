// The page's title in the top bar, on every page (issue 16). A view that sets its own title
// (react-admin's <Title>, as the generated views do) fills the title portal; every other page,
// the forbidden and not-found pages among them, shows its route's title instead: the resource's
// name, the page registry's title, the menu's name of the page, or words of the path. The
// fallback hides itself by CSS while the portal holds a title, so no page has to register one.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TitlePortal, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { entryOfResource, useRegistryEntries } from '../../views/registryLookup';
import { useRouteTitle } from '../frame/useRouteTitle';

function useFallbackTitle(): string {
  const { pathname } = useLocation();
  const translate = useTranslate();
  useRegistryEntries(); // a resource's name is known once its module's entries are
  const resource = pathname.split('/')[1] ?? '';
  const routeTitle = useRouteTitle(pathname);
  if (resource && entryOfResource(resource)) return translate(`resources.${resource}.name`, { smart_count: 2 });
  return routeTitle;
}

export function PageTitle() {
  const title = useFallbackTitle();
  return (
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        ml: 1,
        '& #react-admin-title:empty': { display: 'none' },
        '& #react-admin-title:not(:empty) + .page-title-fallback': { display: 'none' },
      }}
    >
      <TitlePortal sx={{ flex: '0 1 auto' }} />
      <Typography
        className="page-title-fallback"
        variant="h6"
        color="inherit"
        data-testid="page-title-fallback"
        sx={{ textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflow: 'hidden' }}
      >
        {title}
      </Typography>
    </Box>
  );
}
