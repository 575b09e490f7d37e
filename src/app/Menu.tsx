// The sidebar: the registry's entries the user may list, grouped by module. An entity in
// several modules (e.g. class in ACA and COURSE) appears in each. With a hundred entries, a
// module is open while its page is on screen, or when the user opened it; its entries load
// when it opens (src/views/registryLookup.ts), and the last one opened is where the next
// visit starts. Module switching and the per-role menus of spec 1 §2.8 come with the full
// shell (a later issue).

// MenuItem rather than ListItemButton, and no Collapse animation: the components
// react-admin's own menu already brings, so the shell adds no code of its own for them.
import { useEffect } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Menu as RaMenu, useLocation, usePermissions, useSidebarState, useStore, useTranslate } from 'react-admin';
import type { ResourceEntry } from '../shared/entityModel';
import { saveActiveModule } from '../providers/session';
import { abilitiesOf } from '../views/access';
import { loadModules, MODULE_CODES, moduleLoaded, moduleReadable, useRegistryEntries } from '../views/registryLookup';
import { appStorage } from './providers';
import { DefaultModuleIcon, MODULE_ICONS, MODULE_ORDER } from './modules';

export interface MenuGroup {
  module: string;
  /** The entries the roles may list, of those known so far (all of them once the module loaded). */
  entries: ResourceEntry[];
}

/**
 * The menu's groups: the modules the roles may read something in, in their fixed order, each
 * with the known entries the roles may list. A detail (a holiday's dates) is not listed: it is
 * reached from its parent's page.
 */
export function menuGroups(
  registry: readonly ResourceEntry[],
  roles: readonly string[],
  modules: readonly string[] = MODULE_CODES,
  readable: (module: string, roles: readonly string[]) => boolean = moduleReadable,
): MenuGroup[] {
  const listable = registry.filter((entry) => !entry.parent && abilitiesOf(entry, roles).list);
  const ordered = [...MODULE_ORDER.filter((m) => modules.includes(m)), ...modules.filter((m) => !MODULE_ORDER.includes(m))];
  return ordered
    .filter((module) => readable(module, roles))
    .map((module) => ({ module, entries: listable.filter((e) => e.modules.includes(module)) }));
}

/** The entries of an open group, indented under its title; long names wrap rather than end in "…". */
const groupSx = {
  '& .RaMenuItemLink-root': { pl: 7 },
  '& .RaMenuItemLink-root .MuiTypography-noWrap': { whiteSpace: 'normal' },
} as const;

/** The menu entry a page belongs to: its resource, or for a detail (not in the menu) its parent's. */
export function menuResource(registry: readonly ResourceEntry[], resource: string): string {
  let entry = registry.find((e) => e.resource === resource);
  for (let depth = 0; entry?.parent && depth < 5; depth++) {
    const parent: string = entry.parent.entity;
    entry = registry.find((e) => e.name === parent);
  }
  return entry?.resource ?? resource;
}

function ModuleGroup({ group, current }: { group: MenuGroup; current: string }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  // Open as the user left it; until then, only the module of the page on screen.
  const [stored, setOpen] = useStore<boolean | undefined>(`menu.module.${group.module}.open`);
  const open = stored ?? group.entries.some((entry) => entry.resource === current);
  const loaded = moduleLoaded(group.module);
  useEffect(() => {
    if (open && !loaded) void loadModules([group.module]).catch(() => undefined);
  }, [open, loaded, group.module]);
  const toggle = () => {
    if (!open) saveActiveModule(appStorage, group.module);
    setOpen(!open);
  };
  const Icon = MODULE_ICONS[group.module] ?? DefaultModuleIcon;
  const title = translate(`app.module.${group.module}`, { _: group.module });
  return (
    <>
      <MenuItem onClick={toggle} aria-expanded={open} dense sx={{ pl: 2, whiteSpace: 'normal' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {sidebarOpen && <ListItemText primary={title} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </MenuItem>
      {open && !loaded && <LinearProgress aria-label={translate('app.loading')} sx={{ mx: 2 }} />}
      {open && (
        <List component="div" disablePadding sx={sidebarOpen ? groupSx : undefined}>
          {group.entries.map((entry) => (
            <RaMenu.Item
              key={`${group.module}-${entry.resource}`}
              to={`/${entry.resource}`}
              primaryText={translate(`resources.${entry.resource}.name`, { smart_count: 2 })}
              // Open sidebar: indented names; closed (icons only): the module's icon, named by its tooltip.
              leftIcon={sidebarOpen ? undefined : <Icon fontSize="small" />}
            />
          ))}
        </List>
      )}
    </>
  );
}

export function Menu() {
  const { permissions } = usePermissions<string[]>();
  const translate = useTranslate();
  const entries = useRegistryEntries();
  const current = menuResource(entries, useLocation().pathname.split('/')[1] ?? '');
  const groups = menuGroups(entries, Array.isArray(permissions) ? permissions : []);
  return (
    <RaMenu aria-label={translate('app.menu.label')}>
      {groups.map((group) => (
        <ModuleGroup key={group.module} group={group} current={current} />
      ))}
      {permissions && groups.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate('app.menu.no_entries')}
        </Typography>
      )}
    </RaMenu>
  );
}
