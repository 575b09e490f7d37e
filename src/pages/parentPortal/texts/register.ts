// The portals' texts arrive with the portal pages' code, not with the first page
// (src/providers/pageTexts.ts); the pages' titles are the routes' (app.route.*).

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('portal', { en, id });
