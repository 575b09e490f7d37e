// The add-on modules' home (spec 1 §2.3 /home-module): "a blank home module shows only a
// logo" — the school's logo from the school identity (get-menu), or the theme's mark when the
// school has none, centred on the page; the menu beside it leads on.

import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { LogoMark } from '../../app/topbar/LogoMark';
import { useSchoolIdentity } from '../../app/topbar/shellApi';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';

export function HomeModulePage() {
  const translate = useTranslate();
  const { data } = useSchoolIdentity();
  const logo = data?.file_name as { src?: string } | null | undefined;
  const name = typeof data?.name === 'string' && data.name ? data.name : translate('app.name');
  useDocumentTitle(useRouteTitle('/home-module'));
  return (
    <Box
      component="main"
      data-testid="home-module"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}
    >
      {logo?.src ? (
        <Box component="img" src={logo.src} alt={name} sx={{ maxWidth: 240, maxHeight: 240, objectFit: 'contain' }} />
      ) : (
        <Box role="img" aria-label={name} sx={{ display: 'flex', color: 'primary.main' }}>
          <LogoMark size={160} />
        </Box>
      )}
    </Box>
  );
}
