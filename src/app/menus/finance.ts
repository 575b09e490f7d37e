// The finance menu of spec 1 §2.8, its entries in its order (with the bank file layouts the
// VA upload reads beside /uploadva, issue 12): the admin finance menu
// (ROLE_ADMIN_FINANCE, ROLE_FOUNDATION, and ROLE_ADMIN). ROLE_FINANCE gets the limited
// menu (§6): the same without the settings and the bulk jobs that change many records at
// once (uploads, generating penalties and VA numbers, reversing dates), which are the
// finance administrator's.

export const ADMIN_FINANCE_MENU: readonly string[] = [
  '/',
  '/financialyear',
  '/coa',
  '/templateemail',
  '/typejournal',
  '/vacode',
  '/vastudent',
  '/transaction-type',
  '/transaction-group',
  '/typesofincome',
  '/incomegroup',
  '/income',
  '/uploadincome',
  '/uploadva',
  // Chosen beside the spec's list (issue 12): the bank file layouts /uploadva reads.
  '/banklayout',
  '/generatepenalty',
  '/generateva',
  '/invoicetransaction',
  '/paymenttransaction',
  '/sendemail',
  '/journal',
  '/reversingdate',
  '/sent',
  '/outbox',
  '/settingodoo',
  '/settingemail',
  '/settingschool',
  '/setting-publish',
  '/general',
  '/aroutstanding',
  '/araging',
  '/arsummary',
  '/financial-report',
  '/paymentsummaryclass',
  '/paymentsummarytype',
  '/paymentreportimport',
  '/reportcandidatepayment',
];

const ADMIN_ONLY: ReadonlySet<string> = new Set([
  '/uploadincome',
  '/uploadva',
  '/banklayout',
  '/generatepenalty',
  '/generateva',
  '/reversingdate',
  '/settingodoo',
  '/settingemail',
  '/settingschool',
  '/setting-publish',
  '/general',
]);

export const LIMITED_FINANCE_MENU: readonly string[] = ADMIN_FINANCE_MENU.filter((route) => !ADMIN_ONLY.has(route));
