// Teks beranda modul tambahan dalam bahasa Indonesia: namespace `homeModulePage.*`, digabung ke
// locales/id.ts. Kuncinya sama dengan ./en.ts.

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const homeModulePage: SameKeys<typeof en> = {
  title: 'Modul tambahan',
};

export default homeModulePage;
