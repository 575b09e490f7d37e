// What a profile shows (spec 1 §1 "profile", §7.1): the account (user name, name, email,
// roles by their names, how the user logs in, a student's NIS, unit and class), a link to
// change the password, and the linked employee record of a staff login (or a clear line that
// there is none), a parent's children. Drawn by the staff page (/employee-profile) and the
// areas' profile dialog. The fields' labels come from the schemas, in the answer's language.

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useLocaleState, useTranslate } from 'react-admin';
import { CHANGE_PASSWORD_PATHS } from '../../app/shellPaths';
import type { LoginKind } from '../../providers/session';
import type { AccountProfile, ProfileField } from '../../shared/accountProfile';
import type { Locale } from '../../shared/entityModel';
import { formatDate } from '../../views/format';
import { useAccountProfile } from './useAccountProfile';

interface Item {
  key: string;
  label: string;
  value: ReactNode;
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {translate('profile.not_set')}
    </Typography>
  );
}

/** Label and value pairs as a description list, two columns when there is room. */
function Details({ items, label }: { items: Item[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' }, alignItems: 'baseline', columnGap: 3, rowGap: 1, m: 0 }}
    >
      {items.map((item) => (
        <Box key={item.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function fieldValue(field: ProfileField, locale: Locale): ReactNode {
  if (field.text === null || field.text === '') return <Empty />;
  if (field.kind === 'date') return formatDate(field.value, locale) || field.text;
  return field.text;
}

function fieldItems(fields: readonly ProfileField[], locale: Locale): Item[] {
  return fields.map((field) => ({ key: field.name, label: field.label, value: fieldValue(field, locale) }));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ProfileDetails({ profile, kind }: { profile: AccountProfile; kind: LoginKind }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang: Locale = locale === 'en' ? 'en' : 'id';
  const roles = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {profile.roles.map((role) => (
        <Chip
          key={role.authority}
          size="small"
          title={role.authority}
          label={translate(`profile.role.${role.authority}`, { _: role.name || role.authority })}
        />
      ))}
    </Stack>
  );
  const account: Item[] = [
    { key: 'username', label: translate('profile.username'), value: profile.username },
    { key: 'name', label: translate('profile.name'), value: profile.name || <Empty /> },
    { key: 'email', label: translate('profile.email'), value: profile.email || <Empty /> },
    ...fieldItems(profile.fields ?? [], lang),
    { key: 'roles', label: translate('profile.roles'), value: profile.roles.length ? roles : <Empty /> },
    { key: 'kind', label: translate('profile.logged_in_as'), value: translate(`profile.kind.${kind}`) },
  ];
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Section title={translate('profile.account')}>
        <Details items={account} label={translate('profile.account')} />
        <Button component={RouterLink} to={CHANGE_PASSWORD_PATHS[kind]} startIcon={<LockResetIcon />} sx={{ mt: 2 }}>
          {translate('profile.change_password')}
        </Button>
      </Section>
      {profile.employee !== undefined && (
        <Section title={translate('profile.employee')}>
          {profile.employee ? (
            <Details items={fieldItems(profile.employee.fields, lang)} label={translate('profile.employee')} />
          ) : (
            <Alert severity="info" variant="outlined">
              {translate('profile.no_employee')}
            </Alert>
          )}
        </Section>
      )}
      {profile.children !== undefined && (
        <Section title={translate('profile.children')}>
          {profile.children.length === 0 ? (
            <Typography color="text.secondary">{translate('profile.no_children')}</Typography>
          ) : (
            <Stack spacing={2}>
              {profile.children.map((child) => (
                <Box key={child.id} component="article" aria-label={child.name}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {child.name}
                  </Typography>
                  <Details items={fieldItems(child.fields, lang)} label={child.name} />
                </Box>
              ))}
            </Stack>
          )}
        </Section>
      )}
    </Stack>
  );
}

/** The profile of the logged-in user with its loading and error states (and a retry). */
export function ProfileView() {
  const translate = useTranslate();
  const { data, error, isPending, isFetching, refetch, kind } = useAccountProfile();
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            {translate('profile.retry')}
          </Button>
        }
      >
        {translate('profile.load_failed')}
        {error.message && error.message !== 'profile.load_failed' ? ` ${translate(error.message, { _: error.message })}` : ''}
      </Alert>
    );
  }
  if (isPending || !data) {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{translate('profile.loading')}</Typography>
      </Stack>
    );
  }
  return <ProfileDetails profile={data} kind={kind} />;
}
