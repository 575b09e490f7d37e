// The booking menu of spec 1 §2.8 in its order; "the finance masters" are the finance
// tables the booking module prices and books against (financial year, accounts and their
// categories, journal types, income types and groups).

export const BOOKING_MENU: readonly string[] = [
  '/home-booking',
  '/building',
  '/room',
  '/vehicle',
  '/facility',
  '/facility-condition',
  '/fa-category',
  '/pricelist',
  '/tenant',
  '/activity',
  '/holiday',
  // the finance masters
  '/financialyear',
  '/coa',
  '/coacategory',
  '/typejournal',
  '/typesofincome',
  '/incomegroup',
  '/role',
  '/role-group',
  '/schoolidentity',
  '/branch',
  '/setting-rental',
  '/users',
];
