// The HR menu of spec 1 §2.8: its entries in its order, and among them the HR tables of §2.7
// that §2.8 names in no menu (positions, work units, shifts, career steps, the programme's
// owners and committee, the appraisal instruments, options, indicators and reviewers), each
// beside the entry it belongs with: every table an admin may change is in a menu.

export const HR_MENU: readonly string[] = [
  '/home-hrd',
  '/holidays',
  '/holidays-detail',
  '/committe-role',
  '/career-path',
  '/hrresponsibilityrole',
  '/hrposition',
  '/position',
  '/workunit',
  '/shift',
  '/mleave',
  '/employee',
  '/employee-career-path',
  '/hrleavebalance',
  '/hrreqleave',
  '/hrleaveaddition',
  '/programme',
  '/programme-owner',
  '/programme-committe',
  '/progexctime',
  '/progexctimecomm',
  '/employee-training',
  '/employee-training-file',
  '/instrument',
  '/options',
  '/optionsdetail',
  '/indicator',
  '/indicatortarget',
  '/reviewercomposition',
  '/leave-summary',
  '/setting-expired-employee',
];
