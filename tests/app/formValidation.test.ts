import { describe, expect, it } from 'vitest';
import * as employee from '../../src/generated/entities/employee';
import * as classModule from '../../src/generated/entities/class';
import type { EntityModule } from '../../src/shared/entityModel';
import { formValidator } from '../../src/views/formValidation';

const employeeModule = employee as EntityModule;

function newImage(size: number, type: string) {
  return { rawFile: { size, type, name: 'foto' }, src: 'blob:x', title: 'foto' };
}

describe('form validation', () => {
  it('checks only the writable fields of an edit form (the record also holds id, version, read-only fields)', () => {
    const validate = formValidator(classModule as EntityModule, 'id');
    const stored = {
      id: 1,
      version: 3,
      created_at: '2026-01-01T00:00:00Z',
      is_sync_google_classroom: false,
      code: '2526-X-IPA-1',
      name: 'X IPA 1',
      academic_year_id: 1,
      department_id: 2,
      level_id: 3,
    };
    expect(validate(stored)).toEqual({});
    expect(validate({ ...stored, name: null })).toEqual({ name: 'Kolom ini wajib diisi' });
  });

  it('answers in the language asked for', () => {
    expect(formValidator(classModule as EntityModule, 'en')({}).code).toBe('This field is required');
    expect(formValidator(classModule as EntityModule, 'id')({}).code).toBe('Kolom ini wajib diisi');
  });

  it('checks a new image by its size and type before it is read into a data URL', () => {
    const validate = formValidator(employeeModule, 'id');
    expect(validate({ photo: newImage(1000, 'image/png') }).photo).toBeUndefined();
    expect(validate({ photo: newImage(3 * 1024 * 1024, 'image/png') }).photo).toBe('Ukuran berkas maksimal 2 MB');
    expect(validate({ photo: newImage(1000, 'application/pdf') }).photo).toBe('Jenis berkas ini tidak diterima di sini');
    // A stored image is sent back as { src, title }.
    expect(validate({ photo: { src: '/api/v1/files/0b7c1c9e-1111-4a4a-9b9b-222233334444', title: 'foto' } }).photo).toBeUndefined();
  });
});
