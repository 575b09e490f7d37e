// The module switcher at the top of the sidebar (spec 1 §4, §6): the modules the server
// says the user may use (GET check-user-modules), the active one selected. Choosing one
// stores it as the active module and opens its redirect path (for a user the root
// sends on elsewhere, the module's first menu entry instead: src/app/menus/moduleOfPath.ts).

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router-dom';
import { usePermissions, useTranslate } from 'react-admin';
import { entryOfResource, useRegistryEntries } from '../../views/registryLookup';
import { setActiveModule, useActiveModule as useActiveModuleCode } from '../menus/activeModule';
import { startPageOf } from '../menus/moduleOfPath';
import { useUserModules } from './shellApi';

/** The stored module when the user may use it; else the first one they may (or the stored one until known). */
export function useEffectiveModule(stored: string): string {
  const { data } = useUserModules();
  const modules = data?.modules;
  if (!modules || modules.length === 0 || modules.some((m) => m.code === stored)) return stored;
  return modules[0].code;
}

export function ModuleSwitcher() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data } = useUserModules();
  const { permissions } = usePermissions<string[]>();
  const registry = useRegistryEntries();
  const stored = useEffectiveModule(useActiveModuleCode());
  const modules = data?.modules ?? [];
  if (modules.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('app.module.switch')}
      value={modules.some((m) => m.code === stored) ? stored : ''}
      onChange={(event) => {
        const chosen = modules.find((m) => m.code === event.target.value);
        if (!chosen) return;
        setActiveModule(chosen.code);
        const roles = Array.isArray(permissions) ? permissions : [];
        navigate(startPageOf(chosen.code, chosen.redirect, roles, registry, entryOfResource));
      }}
      // The field is as wide as the sidebar; its side margins come out of that width, not beyond it.
      sx={{ mx: 1.5, my: 1, width: 'calc(100% - 24px)' }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { 'aria-label': translate('app.module.switch') } } } } }}
    >
      {modules.map((m) => (
        <MenuItem key={m.code} value={m.code}>
          {translate(`app.module.${m.code}`, { _: m.name })}
        </MenuItem>
      ))}
    </TextField>
  );
}
