// Change password, one page per kind of user (spec 1 §2.2), outside the admin shell:
// current password, new, confirmation; the server's messages under the fields they belong
// to, its success, and a way back. Logged-out visitors log in first and come back here.

import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, TextField, Typography } from '@mui/material';
import { CardPage, SubmitButton } from '../../app/CardPage';
import {
  useAuthenticated,
  useAuthProvider,
  useLogoutIfAccessDenied,
  useTranslate,
} from 'react-admin';
import { HOME_PATHS } from '../../providers/loginPaths';
import type { AppAuthProvider, ChangePasswordBody } from '../../providers/authProvider';
import type { LoginKind } from '../../providers/session';
import { useDocumentTitle } from '../../app/frame/useRouteTitle';

type Field = keyof ChangePasswordBody;
const FIELDS: Array<{ name: Field; autoComplete: string }> = [
  { name: 'current_password', autoComplete: 'current-password' },
  { name: 'new_password', autoComplete: 'new-password' },
  { name: 'new_password_confirmation', autoComplete: 'new-password' },
];
const EMPTY: ChangePasswordBody = { current_password: '', new_password: '', new_password_confirmation: '' };

export function ChangePasswordPage({ kind }: { kind: LoginKind }) {
  const { isPending } = useAuthenticated();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const translate = useTranslate();
  const [values, setValues] = useState<ChangePasswordBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const title = translate('app.password.title');
  useDocumentTitle(title);
  if (isPending || !authProvider?.currentUser()) return null;
  // The way back: the home of the session's kind (a staff member on the parent page goes to theirs).
  const home = HOME_PATHS[authProvider.loginKind()] ?? HOME_PATHS[kind];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    setFailure(null);
    setDone(false);
    const mismatch = values.new_password !== values.new_password_confirmation;
    if (mismatch) {
      setErrors({ new_password_confirmation: translate('app.password.mismatch') });
      setSubmitting(false);
      return;
    }
    try {
      await authProvider!.changePassword(values);
      setDone(true);
      setValues(EMPTY);
    } catch (e) {
      const error = e as { status?: number; message?: string; body?: { errors?: Record<string, unknown> } };
      // A 401: the session is gone, logged out to the login page of this kind.
      if (await logoutIfAccessDenied(e)) return;
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const { name } of FIELDS) {
        const text = error.body?.errors?.[name];
        if (typeof text === 'string' && text) fieldErrors[name] = text;
      }
      setErrors(fieldErrors);
      const root = (error.body?.errors?.root as { serverError?: string } | undefined)?.serverError;
      if (Object.keys(fieldErrors).length === 0 || root) setFailure(root || error.message || translate('app.password.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  const complete = FIELDS.every(({ name }) => values[name]);
  return (
    <CardPage maxWidth={420}>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={title}>
        {done && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {translate('app.password.changed')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {FIELDS.map(({ name, autoComplete }) => (
          <TextField
            key={name}
            label={translate(`app.password.${name}`)}
            name={name}
            type="password"
            autoComplete={autoComplete}
            required
            fullWidth
            margin="normal"
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? ' '}
          />
        ))}
        <SubmitButton submitting={submitting} disabled={!complete}>
          {translate('app.password.submit')}
        </SubmitButton>
      </Box>
      <Link component={RouterLink} to={home} sx={{ display: 'inline-block', mt: 2 }}>
        {translate('app.password.back')}
      </Link>
    </CardPage>
  );
}
