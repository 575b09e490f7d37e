// The messages of import, export and bulk edit (server/bulk/), in both languages. Kept apart
// from ./messages.ts so that the part of issue 16 that owns them changes one file of its own.

import type { Locale } from './entityModel';
import { fillText } from './messages';

const en = {
  importNoFile: 'Choose a CSV or XLSX file to import',
  importBadFile: 'The file could not be read as CSV or XLSX: %{reason}',
  importEmpty: 'The file holds no rows under its header',
  importTooMany: 'The file holds %{count} row; at most %{max} are imported at once |||| The file holds %{count} rows; at most %{max} are imported at once',
  importNoColumns: 'No column of the file matches a field of %{entity}. Use the field labels (in either language) or names as headers.',
  importRepeated: 'The same %{key} is on row %{row} of the file too',
  importNotFound: 'No %{entity} named "%{text}"',
  importAmbiguous: '"%{text}" names more than one %{entity}; use its code',
  importNumber: 'Must be a number',
  importInteger: 'Must be a whole number',
  importBoolean: 'Use Yes or No',
  importDate: 'Must be a date (YYYY-MM-DD or DD/MM/YYYY)',
  importDatetime: 'Must be a date and time (YYYY-MM-DD HH:MM)',
  importTime: 'Must be a time (HH:MM)',
  importEnum: 'Must be one of: %{options}',
  importForbiddenNew: 'You may not add %{entity} records',
  importForbiddenChange: 'You may not change %{entity} records',
  importFailed: 'Nothing was imported: %{count} row has errors |||| Nothing was imported: %{count} rows have errors',
  importDone: '%{created} added, %{updated} changed, %{unchanged} unchanged',
  bulkEditIds: 'Choose the records to change',
  bulkEditTooMany: 'At most %{max} records are changed at once',
  bulkEditNoFields: 'Choose at least one field to set',
  bulkEditField: 'This field cannot be set on several records at once',
  bulkEditFailed:
    'Nothing was changed: %{refused} of %{count} record cannot take these values |||| Nothing was changed: %{refused} of %{count} records cannot take these values',
  bulkEditDone: '%{count} %{entities} changed',
  exportFormat: 'Export as csv, xlsx or pdf',
  exportPdfTooMany:
    'A PDF holds at most %{max} rows and %{count} matches; narrow the filter or export XLSX |||| A PDF holds at most %{max} rows and %{count} match; narrow the filter or export XLSX',
  exportColumns: 'Unknown column: %{column}',
  yes: 'Yes',
  no: 'No',
};

export type BulkMessageKey = keyof typeof en;

const id: Record<BulkMessageKey, string> = {
  importNoFile: 'Pilih berkas CSV atau XLSX untuk diimpor',
  importBadFile: 'Berkas tidak dapat dibaca sebagai CSV atau XLSX: %{reason}',
  importEmpty: 'Berkas tidak berisi baris di bawah judul kolomnya',
  importTooMany: 'Berkas berisi %{count} baris; paling banyak %{max} baris diimpor sekaligus',
  importNoColumns: 'Tidak ada kolom berkas yang cocok dengan kolom %{entity}. Gunakan label kolom (dalam salah satu bahasa) atau namanya sebagai judul.',
  importRepeated: '%{key} yang sama juga ada di baris %{row} berkas',
  importNotFound: 'Tidak ada %{entity} bernama "%{text}"',
  importAmbiguous: '"%{text}" cocok dengan lebih dari satu %{entity}; gunakan kodenya',
  importNumber: 'Harus berupa angka',
  importInteger: 'Harus berupa bilangan bulat',
  importBoolean: 'Gunakan Ya atau Tidak',
  importDate: 'Harus berupa tanggal (YYYY-MM-DD atau DD/MM/YYYY)',
  importDatetime: 'Harus berupa tanggal dan jam (YYYY-MM-DD HH:MM)',
  importTime: 'Harus berupa jam (HH:MM)',
  importEnum: 'Harus salah satu dari: %{options}',
  importForbiddenNew: 'Anda tidak boleh menambah data %{entity}',
  importForbiddenChange: 'Anda tidak boleh mengubah data %{entity}',
  importFailed: 'Tidak ada yang diimpor: %{count} baris berisi kesalahan',
  importDone: '%{created} ditambahkan, %{updated} diubah, %{unchanged} tidak berubah',
  bulkEditIds: 'Pilih data yang akan diubah',
  bulkEditTooMany: 'Paling banyak %{max} data diubah sekaligus',
  bulkEditNoFields: 'Pilih paling sedikit satu kolom untuk diisi',
  bulkEditField: 'Kolom ini tidak dapat diisi untuk beberapa data sekaligus',
  bulkEditFailed: 'Tidak ada yang diubah: %{refused} dari %{count} data tidak dapat menerima nilai ini',
  bulkEditDone: '%{count} %{entities} diubah',
  exportFormat: 'Ekspor sebagai csv, xlsx atau pdf',
  exportPdfTooMany: 'PDF memuat paling banyak %{max} baris dan %{count} baris cocok; persempit saringan atau ekspor XLSX',
  exportColumns: 'Kolom tidak dikenal: %{column}',
  yes: 'Ya',
  no: 'Tidak',
};

export const BULK_MESSAGES: Record<Locale, Record<BulkMessageKey, string>> = { en, id };

/** The message `key` in `locale`, filled as ./messages.ts fills its own (`one |||| other` by `params.count`). */
export function bulkMessage(locale: Locale, key: BulkMessageKey, params: Record<string, string | number> = {}): string {
  return fillText(BULK_MESSAGES[locale][key], params);
}
