// Generated views a bespoke module draws by hand because it needs the module's calls (a
// resource override sits on the providers only: src/resources/viewOverrides.ts). Loaded on
// demand like every view.

import type { ViewOverrides } from '../resources/viewOverride';

export const PAGE_VIEW_OVERRIDES: ViewOverrides = {
  // /settingodoo: the generated settings form, plus Test connection and Sync now (issue 13 "Accounting sync").
  settingodoo: { singleton: () => import('../pages/financeAccounting/AccountingSettings') },
};
