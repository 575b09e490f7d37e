// The profile's texts in English (the page /employee-profile, the areas' profile dialog and the
// profile menus of the top bars): the namespace `profile.*`, merged into locales/en.ts. ./id.ts
// has the same keys (checked by its type and by tests/app/locales.test.ts).

const profile = {
  menu: 'Profile',
  profile: 'Profile',
  change_password: 'Change password',
  dark: 'Dark mode',
  light: 'Light mode',
  full_screen: 'Full screen',
  // The profile page (/employee-profile) and the area's profile dialog
  account: 'Account',
  username: 'User name',
  name: 'Name',
  email: 'Email',
  roles: 'Roles',
  logged_in_as: 'Logged in as',
  not_set: 'Not filled in',
  employee: 'Employee record',
  no_employee: 'This login is not linked to an employee record. An administrator can link it on the user’s page (Users).',
  children: 'Children',
  no_children: 'No children are linked to this account yet.',
  loading: 'Loading the profile…',
  load_failed: 'The profile could not be loaded.',
  retry: 'Try again',
  close: 'Close',
  kind: {
    staff: 'Staff',
    student: 'Student',
    parent: 'Parent',
    booking: 'Booking',
  },
  role: {
    ROLE_ADMIN: 'Administrator',
    ROLE_ADMIN_FINANCE: 'Finance administrator',
    ROLE_FINANCE: 'Finance staff',
    ROLE_FOUNDATION: 'Foundation',
    ROLE_TEACHER: 'Teacher',
    ROLE_BOOKING: 'Booking staff',
    ROLE_STUDENT: 'Student',
    ROLE_CANDIDATE_STUDENT: 'Candidate student',
    ROLE_PARENT: 'Parent',
    ROLE_FAMILY: 'Family',
  },
};

export default profile;
