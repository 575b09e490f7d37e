// The staff calendar's texts in Indonesian (src/pages/academicCalendar/): the same keys as ./en.ts,
// words per GLOSSARY.md (acara, hari libur).

import type { SameKeys } from '../../../shared/sameKeys';
import type en from './en';

const academicCalendar: SameKeys<typeof en> = {
  previous: 'Bulan sebelumnya',
  next: 'Bulan berikutnya',
  thisMonth: 'Bulan ini',
  retry: 'Coba lagi',
  loading: 'Memuat…',
  empty: 'Tidak ada acara sekolah atau hari libur pada %{month}.',
  holiday: 'Libur',
  event: 'Acara',
  today: 'Hari ini',
  more: '+%{smart_count} lagi |||| +%{smart_count} lagi',
  manage: 'Acara sekolah',
  holidays: 'Hari libur',
};

export default academicCalendar;
