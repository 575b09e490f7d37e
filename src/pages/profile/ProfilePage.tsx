// /employee-profile (spec 1 §1 the top bar's "profile", §2.9): the staff user's own profile
// in the admin shell: their account and, when the login is linked to one, their employee record.

import { Card, CardContent, Typography } from '@mui/material';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { ProfileView } from './ProfileView';

export const PROFILE_PATH = '/employee-profile';

export function ProfilePage() {
  const title = useRouteTitle(PROFILE_PATH);
  useDocumentTitle(title);
  return (
    <Card sx={{ mt: 2, maxWidth: 960 }} data-testid="profile-page">
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <ProfileView />
      </CardContent>
    </Card>
  );
}

export default ProfilePage;
