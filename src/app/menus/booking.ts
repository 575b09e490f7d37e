// The booking menu of spec 1 §2.8 in its order; "the finance masters" are the finance
// tables the booking module prices and books against (financial year, accounts and their
// categories, journal types, income types and groups). Equipment, owners, price groups (a
// tenant's) and role group memberships, booking tables §2.8 names in no menu, stand beside
// their neighbours.

export const BOOKING_MENU: readonly string[] = [
  '/home-booking',
  '/building',
  '/room',
  '/vehicle',
  '/facility',
  '/equipment',
  '/facility-condition',
  '/fa-category',
  '/pricelist',
  '/price-group',
  '/tenant',
  '/owner',
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
  '/role-user',
  '/schoolidentity',
  '/branch',
  '/setting-rental',
  '/users',
];
