// The HR dashboard's texts in English (src/pages/hrDashboard/): namespace `hrDashboard.*`,
// registered when the page's code arrives (./register.ts). ./id.ts has the same keys.

const hrDashboard = {
  empty: "Nothing's here…",
  retry: 'Try again',
  more: '%{shown} of %{count}',
  lists: {
    needApprove: 'Need Approve',
    accepted: 'Accepted Permission',
    rejected: 'Rejected Permission',
    expired: 'Expired Employee',
    expiring: 'Expiring Employee',
    docExpired: 'Expired Document',
    docExpiring: 'Expiring Document',
  },
  expiry: {
    days_left: '%{days} day left |||| %{days} days left',
    days_ago: '%{days} day ago |||| %{days} days ago',
    today: 'today',
    passport: 'Passport %{title}',
    certificate: 'Certificate: %{title}',
    threshold: 'within %{days} days',
  },
  panel: {
    title: 'My profile',
    ein: 'EIN',
    work_unit: 'Work unit',
    position: 'Position',
    email: 'E-mail',
    remaining: 'Remaining leave %{year}',
    remaining_button: 'Remaining leave',
  },
  others: {
    title: 'Remaining leave of employees',
    employee: 'Employee',
    work_unit: 'Work unit',
    detail: 'Detail',
  },
  history: {
    title: 'Leave history',
    date: 'Date',
    remarks: 'Remarks',
    status: 'Status',
    leave: 'Leave type',
  },
};

export default hrDashboard;
