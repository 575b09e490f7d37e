// The HR menu of spec 1 §2.8, exactly its entries in its order.

export const HR_MENU: readonly string[] = [
  '/home-hrd',
  '/holidays',
  '/committe-role',
  '/career-path',
  '/hrresponsibilityrole',
  '/hrposition',
  '/mleave',
  '/employee',
  '/hrleavebalance',
  '/hrreqleave',
  '/hrleaveaddition',
  '/programme',
  '/progexctime',
  '/progexctimecomm',
  '/employee-training',
  '/employee-training-file',
  '/leave-summary',
  '/setting-expired-employee',
];
