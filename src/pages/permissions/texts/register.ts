// The permission pages' texts arrive with their code, not with the first page (src/providers/pageTexts.ts).

import { registerPageTexts } from '../../../providers/pageTexts';
import en from './en';
import id from './id';

registerPageTexts('permissions', { en, id });
