// The login page of each kind of user (staff, student, parent, booking): user name and
// password, the server's message when it refuses (in the current language: the request
// carries Accept-Language; it never says whether the user exists), and a language switcher.
// After logging in the user goes back to the `to` of the address, else to the kind's home.
// Each login page links to the other kinds' (keeping the `to`), so a parent who landed on the
// staff login finds theirs. Social login (Google) is not wired, so nothing of it shows.

import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { Alert, Avatar, Box, Link, TextField, Typography } from '@mui/material';
import { CardPage, SubmitButton } from './CardPage';
import { LOGIN_PATHS } from '../providers/loginPaths';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';

import type { LoginKind } from '../providers/session';

const KINDS: readonly LoginKind[] = ['staff', 'student', 'parent', 'booking'];

export function LoginPage({ kind = 'staff' }: { kind?: LoginKind }) {
  const translate = useTranslate();
  const login = useLogin();
  const [search] = useSearchParams();
  const to = search.get('to');
  const title = translate(`app.login.title_${kind}`);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = `${title} · ${translate('app.name')}`;
  }, [title, translate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await login({ username, password, kind, to });
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : 'app.login.failed';
      setError(translate(text, { _: text }));
      setSubmitting(false);
    }
  }

  return (
    <CardPage maxWidth={380}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
        <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
          <LockOutlinedIcon />
        </Avatar>
        <Typography component="h1" variant="h5">
          {translate('app.name')}
        </Typography>
        <Typography component="h2" variant="subtitle1">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`app.login.subtitle_${kind}`)}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate aria-label={title}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={translate('app.login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          margin="normal"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label={translate('app.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton submitting={submitting} disabled={!username || !password}>
          {translate(submitting ? 'app.login.submitting' : 'app.login.submit')}
        </SubmitButton>
      </Box>
      <Box component="nav" aria-label={translate('app.login.others')} sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
        {KINDS.filter((other) => other !== kind).map((other) => (
          <Link
            key={other}
            component={RouterLink}
            to={to ? `${LOGIN_PATHS[other]}?to=${encodeURIComponent(to)}` : LOGIN_PATHS[other]}
            variant="body2"
          >
            {translate(`app.login.title_${other}`)}
          </Link>
        ))}
      </Box>
    </CardPage>
  );
}

export default LoginPage;
