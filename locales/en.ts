// The app's own English messages (namespace `app.*`). react-admin's messages come from
// ra-language-english; entity and field labels come from the schemas (src/generated).
// locales/id.ts has exactly the same keys (tests/app/locales.test.ts checks it).

const en = {
  app: {
    name: 'School Admin',
    loading: 'Loading…',
    login: {
      title: 'Staff login',
      subtitle: 'Log in with your staff account',
      username: 'User name',
      password: 'Password',
      submit: 'Log in',
      submitting: 'Logging in…',
      failed: 'The user name or password is wrong',
    },
    menu: {
      label: 'Main menu',
      no_entries: 'No menu entries for your account',
    },
    module: {
      ACA: 'Academic',
      FINA: 'Finance',
      HUCAP: 'Human capital',
      COM: 'Comboard',
      BOOKING: 'Booking',
      COURSE: 'Course',
      ADMISS: 'Admission',
      AD: 'Add-on',
      REGIST: 'Registration',
      SUBJECT: 'Subject selection',
      CLUB: 'Interest selection',
    },
    list: {
      range_estimated: '%{offsetBegin}-%{offsetEnd} of about %{total}',
      empty: "Nothing's here…",
      empty_invite: 'Add the first record with the button below.',
      from: '%{field} from',
      to: '%{field} to',
    },
    form: {
      write_only_keep: 'Leave empty to keep the stored value',
      password_keep: 'Leave blank to keep the current password',
      rule_denied_edit: 'This record cannot be changed',
      back_to_record: 'Back to the record',
    },
    error: {
      load_failed: 'This page could not be loaded. Check the connection and reload the page.',
      reload: 'Reload',
      delete_many_failed: '%{failed} of %{total} records were not deleted: %{reasons}',
    },
  },
};

export default en;
