// The sidebar's header (spec 1 §1): the school's logo and name from GET get-menu (the school
// identity). Without a logo, the theme's own mark stands in.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LogoMark } from './LogoMark';
import { useSchoolIdentity } from './shellApi';

export function SchoolHeader() {
  const { data } = useSchoolIdentity();
  const logo = data?.file_name as { src?: string } | null | undefined;
  const name = typeof data?.name === 'string' ? data.name : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 2, pb: 1 }} data-testid="school-header">
      {logo?.src ? (
        <Box component="img" src={logo.src} alt="" sx={{ width: 40, height: 40, objectFit: 'contain' }} />
      ) : (
        <LogoMark size={40} />
      )}
      <Typography variant="subtitle2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {name}
      </Typography>
    </Box>
  );
}
