// What the selection calls say (server/selection/), in both languages (glossary: mata
// pelajaran, ekstrakurikuler, kuota, penuh, jurusan, lintas minat).

import type { Locale } from '../../src/shared/entityModel';

const en = {
  chosen: '%{name} chosen',
  released: '%{name} given back',
  alreadyChosen: '%{name} was already chosen',
  finalized: 'Your choice is final',
  full: '%{name} is full (%{capacity} of %{capacity} seats taken)',
  clash: '%{name} meets at the same time as %{other} (%{day} %{time1}-%{time2})',
  closedNone: 'There is no selection window for this student',
  closedBefore: 'Selection opens on %{start}',
  closedAfter: 'Selection closed on %{end}',
  timeout: 'The time to choose has run out',
  final: 'The choice is already final and can no longer change',
  noChange: 'Choices may not be changed in this selection',
  minimum: 'Choose subjects first: at least %{majorMin} of the major (now %{major}) and at least %{crossMin} from other majors (now %{cross})',
  minimumExtra: 'Choose more extracurriculars first: at least %{min} (now %{count})',
  maximum: 'Extracurriculars may be chosen up to %{max}',
  unknownOffering: 'This offering is not open to this student',
  studentRequired: 'Choose a student first',
  unknownStudent: 'Student not found',
  notAllowed: 'Only a student or an administrator can choose',
  typeInvalid: 'Choose subject or extracurricular',
} as const;

type Key = keyof typeof en;

const id: Record<Key, string> = {
  chosen: '%{name} dipilih',
  released: '%{name} dilepas',
  alreadyChosen: '%{name} sudah dipilih',
  finalized: 'Pilihan Anda sudah final',
  full: '%{name} penuh (%{capacity} dari %{capacity} kuota terisi)',
  clash: '%{name} berlangsung pada jam yang sama dengan %{other} (%{day} %{time1}-%{time2})',
  closedNone: 'Tidak ada jadwal pemilihan untuk siswa ini',
  closedBefore: 'Pemilihan dibuka pada %{start}',
  closedAfter: 'Pemilihan sudah ditutup pada %{end}',
  timeout: 'Waktu memilih sudah habis',
  final: 'Pilihan sudah final dan tidak dapat diubah lagi',
  noChange: 'Pilihan tidak boleh diubah pada pemilihan ini',
  minimum: 'Pilih dahulu paling sedikit %{majorMin} mata pelajaran jurusan (sekarang %{major}) dan %{crossMin} mata pelajaran lintas minat (sekarang %{cross})',
  minimumExtra: 'Pilih dahulu paling sedikit %{min} ekstrakurikuler (sekarang %{count})',
  maximum: 'Paling banyak %{max} ekstrakurikuler boleh dipilih',
  unknownOffering: 'Penawaran ini tidak terbuka untuk siswa ini',
  studentRequired: 'Pilih siswa terlebih dahulu',
  unknownStudent: 'Siswa tidak ditemukan',
  notAllowed: 'Hanya siswa atau administrator yang dapat memilih',
  typeInvalid: 'Pilih mata pelajaran atau ekstrakurikuler',
};

const DAYS: Record<Locale, Record<string, string>> = {
  en: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  id: { monday: 'Senin', tuesday: 'Selasa', wednesday: 'Rabu', thursday: 'Kamis', friday: 'Jumat', saturday: 'Sabtu', sunday: 'Minggu' },
};

export type SelectionTextKey = Key;

export function selectionText(locale: Locale, key: Key, params: Record<string, string | number> = {}): string {
  const template: string = (locale === 'id' ? id : en)[key];
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const dayName = (locale: Locale, day: string): string => DAYS[locale][day] ?? day;
