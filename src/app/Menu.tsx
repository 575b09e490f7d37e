// The sidebar (spec 1 §1, §2.8, §6): the school's logo and name, the module switcher, and
// the menu of the active module for the user's roles. The menus are data
// (src/app/menus/*): each entry a route, named by the registry when it is a schema resource
// (and left out when the roles may not list it), by the locales when it is a bespoke page.
// The registry entries of the menu's module load when it shows (src/views/registryLookup.ts).
// A page of another module's menu opened by its address makes that module the active one
// (src/app/menus/moduleOfPath.ts); the entry of the page on screen is marked as current.

import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { matchPath, useLocation } from 'react-router-dom';
import { entryOfResource, loadModules, moduleLoaded, useRegistryEntries } from '../views/registryLookup';
import { useActiveModule } from './menus/activeModule';
import { pageTitleKey } from '../pages/registry';
import { menuItems, menuSources, pageKey } from './menus/menuChoice';
import { useModuleFollowsPath } from './menus/moduleOfPath';
import { MenuLinks } from './frame/MenuLinks';
import { DEFAULT_MODULE_ICON, MODULE_ICONS } from './modules';
import { ModuleSwitcher, useEffectiveModule } from './topbar/ModuleSwitcher';
import { SchoolHeader } from './topbar/SchoolHeader';

export { menuResource } from './menus/menuChoice';

function useModuleEntries(module: string): boolean {
  const sources = menuSources(module);
  const [, redraw] = useState(0);
  const loaded = sources.every(moduleLoaded);
  useEffect(() => {
    if (!loaded) void loadModules(sources).then(() => redraw((n) => n + 1), () => undefined);
    // sources follow module
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [module, loaded]);
  return loaded;
}

const NO_ROLES: string[] = [];

export function Menu() {
  const { permissions } = usePermissions<string[]>();
  const roles = Array.isArray(permissions) ? permissions : NO_ROLES;
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const entries = useRegistryEntries(); // redraw as entries arrive
  const stored = useActiveModule();
  const module = useEffectiveModule(stored);
  useModuleFollowsPath(module, permissions ? roles : undefined);
  const { pathname } = useLocation();
  const loaded = useModuleEntries(module);
  // The menu draws again whenever one of the many things it follows changes (the session
  // check, the permissions, the user's modules, a registry entry): five times before the first
  // row of a list. Its entries (some 80 links, most of the frame's drawing) are made again
  // only when what they show changes, so React keeps them as they are otherwise.
  const items = useMemo(
    () => (loaded ? menuItems(module, roles, entryOfResource) : []),
    // entries: a new registry entry may name or admit an item
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, module, roles, entries],
  );
  const links = useMemo(
    () =>
      items.map((item) => ({
        route: item.route,
        current: matchPath({ path: item.route, end: item.route === '/' }, pathname) != null,
        label: item.entry
          ? translate(`resources.${item.entry.resource}.name`, { smart_count: 2 })
          : translate(pageTitleKey(item.route) ?? `app.page.${pageKey(item.route)}`, { _: item.route }),
      })),
    [items, pathname, translate],
  );
  const icon = MODULE_ICONS[module] ?? DEFAULT_MODULE_ICON;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {sidebarOpen && <SchoolHeader />}
      {sidebarOpen && <ModuleSwitcher />}
      <MenuLinks label={translate('app.menu.label')} links={links} icon={icon}>
        {!loaded && <LinearProgress aria-label={translate('app.loading')} sx={{ mx: 2 }} />}
        {permissions && loaded && items.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {translate('app.menu.no_entries')}
          </Typography>
        )}
      </MenuLinks>
    </Box>
  );
}
