import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import raIndonesianMessages from '../../locales/react-admin.id';

type Flat = Record<string, unknown>;

/** Flattens a nested messages object to `{ 'ra.action.save': 'Save', ... }`. */
function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
    if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
        for (const [key, value] of Object.entries(obj as Record<string, unknown>)) {
            const path = prefix ? `${prefix}.${key}` : key;
            if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
                flatten(value, path, out);
            } else {
                out[path] = value;
            }
        }
    }
    return out;
}

/** Sorted, de-duplicated list of polyglot placeholders such as `%{name}`. */
function placeholders(value: unknown): string[] {
    const matches = String(value).match(/%\{[^}]*\}/g) ?? [];
    return [...new Set(matches)].sort();
}

/** Number of polyglot plural forms (segments separated by `||||`). */
function pluralForms(value: unknown): number {
    return String(value).split('||||').length;
}

const en = flatten(englishMessages);
const id = flatten(raIndonesianMessages);
const enKeys = Object.keys(en).sort();
const idKeys = Object.keys(id).sort();

describe('locales/react-admin.id.ts', () => {
    it('has English reference messages to compare against', () => {
        expect(enKeys.length).toBeGreaterThan(100);
        expect(enKeys.every(k => k.startsWith('ra.'))).toBe(true);
    });

    it('has exactly the same key set as ra-language-english', () => {
        const idSet = new Set(idKeys);
        const enSet = new Set(enKeys);
        const missing = enKeys.filter(k => !idSet.has(k));
        const extra = idKeys.filter(k => !enSet.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has only non-empty string values', () => {
        const bad = idKeys.filter(key => {
            const value = id[key];
            if (typeof value !== 'string' || value.length === 0) return true;
            // Whitespace-only is accepted only where English is whitespace-only
            // too (ra.boolean.null is deliberately ' ').
            const enValue = en[key];
            const enBlank = typeof enValue === 'string' && enValue.trim() === '';
            return value.trim() === '' && !enBlank;
        });
        expect(bad).toEqual([]);
    });

    it('keeps the same %{...} placeholders as English for every key', () => {
        const mismatches = enKeys
            .filter(key => key in id)
            .map(key => ({
                key,
                en: placeholders(en[key]),
                id: placeholders(id[key]),
            }))
            .filter(m => JSON.stringify(m.en) !== JSON.stringify(m.id));
        expect(mismatches).toEqual([]);
    });

    it('keeps the same number of |||| plural forms as English', () => {
        const mismatches = enKeys
            .filter(key => key in id)
            .map(key => ({
                key,
                en: pluralForms(en[key]),
                id: pluralForms(id[key]),
            }))
            .filter(m => m.en !== m.id);
        expect(mismatches).toEqual([]);
    });

    it('uses the agreed glossary for core messages', () => {
        const expected: Record<string, string> = {
            'ra.action.save': 'Simpan',
            'ra.action.cancel': 'Batal',
            'ra.action.delete': 'Hapus',
            'ra.action.edit': 'Ubah',
            'ra.action.create': 'Tambah',
            'ra.action.add': 'Tambah',
            'ra.action.search': 'Cari',
            'ra.action.export': 'Ekspor',
            'ra.action.show': 'Lihat',
            'ra.action.list': 'Daftar',
            'ra.action.refresh': 'Muat ulang',
            'ra.action.back': 'Kembali',
            'ra.action.close': 'Tutup',
            'ra.auth.sign_in': 'Masuk',
            'ra.auth.logout': 'Keluar',
            'ra.auth.username': 'Nama pengguna',
            'ra.auth.password': 'Kata sandi',
            'ra.boolean.true': 'Ya',
            'ra.boolean.false': 'Tidak',
            'ra.message.yes': 'Ya',
            'ra.message.no': 'Tidak',
            'ra.message.are_you_sure': 'Apakah Anda yakin?',
            'ra.validation.required': 'Kolom ini wajib diisi',
            'ra.validation.email': 'Kolom ini harus berisi email yang valid',
        };
        const actual = Object.fromEntries(
            Object.keys(expected).map(key => [key, id[key]])
        );
        expect(actual).toEqual(expected);
    });
});
