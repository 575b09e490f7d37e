// The data dictionary for admins (issue 16): every entity's fields, kinds, rules, references
// in and out and who may read and write it, in the UI language; generated from the schemas
// (src/generated/dataDictionary.ts; developers read the same as data-dictionary.md).

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import type { DictionaryEntity } from '../../shared/dataDictionary';
import { ACTIONS } from '../../shared/entityModel';
import { useUiLocale } from '../../views/useText';
import { useDataDictionary } from './useDataDictionary';

export function DataDictionaryPage() {
  const translate = useTranslate();
  const locale = useUiLocale();
  const state = useDataDictionary(locale);
  useDocumentTitle(useRouteTitle('/data-dictionary'));
  return (
    <Box component="main" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        {translate('dataDictionary.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('dataDictionary.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <Box sx={{ p: 1 }}>
            <TextField size="small" fullWidth label={translate('dataDictionary.search')} value={state.search} onChange={(e) => state.setSearch(e.target.value)} />
            <Typography variant="caption" color="text.secondary">
              {translate('dataDictionary.count', { smart_count: state.found.length })}
            </Typography>
          </Box>
          <List dense aria-label={translate('dataDictionary.entities')} sx={{ maxHeight: { xs: 240, md: '70vh' }, overflow: 'auto' }}>
            {state.found.map((e) => (
              <ListItemButton key={e.name} selected={e.name === state.chosen?.name} onClick={() => state.choose(e.name)}>
                <ListItemText primary={e.label[locale]} secondary={e.name} />
              </ListItemButton>
            ))}
            {!state.found.length && <Typography sx={{ p: 2 }}>{translate('dataDictionary.noMatch')}</Typography>}
          </List>
        </Paper>
        {state.chosen && <EntityEntry entity={state.chosen} labelOf={state.labelOf} choose={state.choose} />}
      </Box>
    </Box>
  );
}

function EntityEntry({ entity, labelOf, choose }: { entity: DictionaryEntity; labelOf: (name: string) => string; choose: (name: string) => void }) {
  const translate = useTranslate();
  const locale = useUiLocale();
  const refer = (name: string, suffix = '') => (
    <Link component="button" type="button" onClick={() => choose(name)} sx={{ verticalAlign: 'baseline' }}>
      {labelOf(name)}
      {suffix}
    </Link>
  );
  return (
    <Paper component="section" aria-labelledby="dictionary-entity" sx={{ flex: 1, minWidth: 0, p: 2, width: '100%' }}>
      <Typography id="dictionary-entity" variant="h6" component="h2">
        {entity.label[locale]} <Typography component="span" color="text.secondary">({entity.name})</Typography>
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('dataDictionary.screen')}: {entity.route ? <code>{entity.route}</code> : translate('dataDictionary.noScreen')}
        {entity.modules.length > 0 && <> · {translate('dataDictionary.menus')}: {entity.modules.join(', ')}</>} · {translate('dataDictionary.source')}: <code>{entity.source}</code>
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={entity.label[locale]} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('dataDictionary.field')}</TableCell>
              <TableCell>{translate('dataDictionary.kind')}</TableCell>
              <TableCell>{translate('dataDictionary.rules')}</TableCell>
              <TableCell>{translate('dataDictionary.refersTo')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entity.fields.map((f) => (
              <TableRow key={f.name}>
                <TableCell>
                  {f.label[locale]}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {f.name}
                  </Typography>
                </TableCell>
                <TableCell>{f.kind}</TableCell>
                <TableCell>
                  {f.rules.map((r) => r[locale]).join('; ')}
                  {f.help && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {f.help[locale]}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{f.to ? refer(f.to) : null}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {entity.rules.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {translate('dataDictionary.recordRules')}
          </Typography>
          <ul>
            {entity.rules.map((r, i) => (
              <li key={i}>{r[locale]}</li>
            ))}
          </ul>
        </>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('dataDictionary.referencedBy')}
      </Typography>
      <Typography variant="body2">
        {entity.referencedBy.length === 0
          ? translate('dataDictionary.nothing')
          : entity.referencedBy.map((r, i) => (
              <span key={`${r.entity}.${r.field}`}>
                {i > 0 && ', '}
                {refer(r.entity, ` (${r.field})`)}
              </span>
            ))}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('dataDictionary.access')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {ACTIONS.map((action) => (
          <Box key={action} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {translate(`dataDictionary.actions.${action}`)}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {entity.access[action].map((role) => (
                <Chip key={role} size="small" label={role} />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
