// The add-on menu of spec 1 §2.8 (modules ADMISS, AD, REGIST, SUBJECT, CLUB), and the
// parent's menu (for the parent layout; staff never get it).

export const ADDON_MENU: readonly string[] = ['/home-module', '/subject-selection', '/interest-selection'];

export const PARENT_MENU: readonly string[] = [
  '/home-comboard',
  '/invoicetransaction-parent',
  '/paymenttransaction-parent',
  '/permissions-parent',
  '/attendancelist-parent',
  '/reportattendancedaily-parent',
  '/assignment-special',
];
