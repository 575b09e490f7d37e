import type { TranslationMessages } from 'react-admin';

/**
 * Indonesian (Bahasa Indonesia) translation of react-admin's built-in messages.
 *
 * Mirrors the key set of `ra-language-english` (react-admin 5.15) exactly.
 * Polyglot placeholders (`%{...}`) and plural separators (`||||`) are kept
 * as in English so that `smart_count` keeps working, even though Indonesian
 * does not inflect nouns for plural.
 *
 * Glossary: save=Simpan, cancel=Batal, delete/remove=Hapus, edit=Ubah,
 * add/create=Tambah, search=Cari, filter=Saring, export=Ekspor, show=Lihat,
 * list=Daftar, refresh=Muat ulang, back=Kembali, close=Tutup,
 * clear=Kosongkan, log in=Masuk, log out=Keluar.
 */
export const raIndonesianMessages: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Tambah saringan',
            add: 'Tambah',
            back: 'Kembali',
            bulk_actions: '1 item dipilih |||| %{smart_count} item dipilih',
            cancel: 'Batal',
            clear_array_input: 'Kosongkan daftar',
            clear_input_value: 'Kosongkan nilai',
            clone: 'Duplikat',
            confirm: 'Konfirmasi',
            create: 'Tambah',
            create_item: 'Tambah %{item}',
            delete: 'Hapus',
            edit: 'Ubah',
            export: 'Ekspor',
            list: 'Daftar',
            refresh: 'Muat ulang',
            remove_filter: 'Hapus saringan ini',
            remove_all_filters: 'Hapus semua saringan',
            remove: 'Hapus',
            reset: 'Atur ulang',
            save: 'Simpan',
            search: 'Cari',
            search_columns: 'Cari kolom',
            select_all: 'Pilih semua',
            select_all_button: 'Pilih semua',
            select_row: 'Pilih baris ini',
            show: 'Lihat',
            sort: 'Urutkan',
            undo: 'Urungkan',
            unselect: 'Batalkan pilihan',
            expand: 'Perluas',
            close: 'Tutup',
            open_menu: 'Buka menu',
            close_menu: 'Tutup menu',
            update: 'Perbarui',
            move_up: 'Pindahkan ke atas',
            move_down: 'Pindahkan ke bawah',
            open: 'Buka',
            toggle_theme: 'Ganti mode terang/gelap',
            select_columns: 'Kolom',
            update_application: 'Muat ulang aplikasi',
        },
        boolean: {
            true: 'Ya',
            false: 'Tidak',
            // Intentionally a single space, as in English: shown for null values.
            null: ' ',
        },
        page: {
            create: 'Tambah %{name}',
            dashboard: 'Dasbor',
            edit: '%{name} %{recordRepresentation}',
            error: 'Terjadi kesalahan',
            list: '%{name}',
            loading: 'Memuat',
            not_found: 'Tidak ditemukan',
            show: '%{name} %{recordRepresentation}',
            empty: 'Belum ada data %{name}…',
            invite: 'Apakah Anda ingin menambahkan data?',
            access_denied: 'Akses ditolak',
            authentication_error: 'Kesalahan autentikasi',
        },
        input: {
            file: {
                upload_several:
                    'Letakkan beberapa berkas untuk diunggah, atau klik untuk memilih salah satu.',
                upload_single:
                    'Letakkan berkas untuk diunggah, atau klik untuk memilihnya.',
            },
            image: {
                upload_several:
                    'Letakkan beberapa gambar untuk diunggah, atau klik untuk memilih salah satu.',
                upload_single:
                    'Letakkan gambar untuk diunggah, atau klik untuk memilihnya.',
            },
            references: {
                all_missing: 'Data referensi tidak dapat ditemukan.',
                many_missing:
                    'Setidaknya satu referensi terkait tampaknya sudah tidak tersedia.',
                single_missing:
                    'Referensi terkait tampaknya sudah tidak tersedia.',
            },
            password: {
                toggle_visible: 'Sembunyikan kata sandi',
                toggle_hidden: 'Lihat kata sandi',
            },
        },
        message: {
            about: 'Tentang',
            access_denied:
                'Anda tidak memiliki izin untuk mengakses halaman ini',
            are_you_sure: 'Apakah Anda yakin?',
            authentication_error:
                'Server autentikasi mengembalikan kesalahan sehingga kredensial Anda tidak dapat diperiksa.',
            auth_error:
                'Terjadi kesalahan saat memvalidasi token autentikasi.',
            bulk_delete_content:
                'Apakah Anda yakin ingin menghapus %{name} ini? |||| Apakah Anda yakin ingin menghapus %{smart_count} item ini?',
            bulk_delete_title:
                'Hapus %{name} |||| Hapus %{smart_count} %{name}',
            bulk_update_content:
                'Apakah Anda yakin ingin memperbarui %{name} %{recordRepresentation}? |||| Apakah Anda yakin ingin memperbarui %{smart_count} item ini?',
            bulk_update_title:
                'Perbarui %{name} %{recordRepresentation} |||| Perbarui %{smart_count} %{name}',
            clear_array_input:
                'Apakah Anda yakin ingin mengosongkan seluruh daftar?',
            delete_content: 'Apakah Anda yakin ingin menghapus %{name} ini?',
            delete_title: 'Hapus %{name} %{recordRepresentation}',
            details: 'Detail',
            error: 'Terjadi kesalahan pada aplikasi sehingga permintaan Anda tidak dapat diselesaikan.',
            invalid_form:
                'Formulir belum valid. Silakan periksa kembali isian yang salah.',
            loading: 'Mohon tunggu',
            no: 'Tidak',
            not_found:
                'Alamat URL yang Anda ketik salah, atau tautan yang Anda ikuti tidak valid.',
            select_all_limit_reached:
                'Terlalu banyak data untuk dipilih sekaligus. Hanya %{max} data pertama yang dipilih.',
            unsaved_changes:
                'Sebagian perubahan Anda belum disimpan. Apakah Anda yakin ingin mengabaikannya?',
            yes: 'Ya',
            placeholder_data_warning:
                'Masalah jaringan: gagal memuat ulang data.',
        },
        navigation: {
            clear_filters: 'Kosongkan saringan',
            no_filtered_results:
                'Tidak ada data %{name} yang sesuai dengan saringan saat ini.',
            no_results: 'Belum ada data %{name}…',
            no_more_results:
                'Halaman nomor %{page} berada di luar jangkauan. Silakan coba halaman sebelumnya.',
            page_out_of_boundaries:
                'Halaman nomor %{page} berada di luar jangkauan',
            page_out_from_end: 'Tidak dapat melewati halaman terakhir',
            page_out_from_begin: 'Tidak dapat kembali sebelum halaman 1',
            page_range_info: '%{offsetBegin}-%{offsetEnd} dari %{total}',
            partial_page_range_info:
                '%{offsetBegin}-%{offsetEnd} dari lebih dari %{offsetEnd}',
            current_page: 'Halaman %{page}',
            page: 'Ke halaman %{page}',
            first: 'Ke halaman pertama',
            last: 'Ke halaman terakhir',
            next: 'Ke halaman berikutnya',
            previous: 'Ke halaman sebelumnya',
            page_rows_per_page: 'Baris per halaman:',
            skip_nav: 'Langsung ke konten',
        },
        sort: {
            sort_by: 'Urutkan berdasarkan %{field_lower_first} secara %{order}',
            ASC: 'menaik',
            DESC: 'menurun',
        },
        auth: {
            auth_check_error: 'Silakan masuk untuk melanjutkan',
            user_menu: 'Profil',
            username: 'Nama pengguna',
            password: 'Kata sandi',
            email: 'Email',
            sign_in: 'Masuk',
            sign_in_error: 'Autentikasi gagal, silakan coba lagi',
            logout: 'Keluar',
        },
        notification: {
            updated:
                'Data berhasil diperbarui |||| %{smart_count} data berhasil diperbarui',
            created: 'Data berhasil ditambahkan',
            deleted:
                'Data berhasil dihapus |||| %{smart_count} data berhasil dihapus',
            bad_item: 'Data tidak valid',
            item_doesnt_exist: 'Data tidak ditemukan',
            http_error: 'Terjadi kesalahan komunikasi dengan server',
            data_provider_error:
                'Terjadi kesalahan pada dataProvider. Periksa konsol untuk detailnya.',
            i18n_error: 'Tidak dapat memuat terjemahan untuk bahasa yang dipilih',
            canceled: 'Tindakan dibatalkan',
            logged_out: 'Sesi Anda telah berakhir, silakan masuk kembali.',
            not_authorized:
                'Anda tidak memiliki izin untuk mengakses sumber daya ini.',
            application_update_available: 'Versi baru telah tersedia.',
            offline: 'Tidak ada koneksi. Data tidak dapat dimuat.',
        },
        validation: {
            required: 'Kolom ini wajib diisi',
            minLength: 'Kolom ini harus berisi minimal %{min} karakter',
            maxLength: 'Kolom ini harus berisi maksimal %{max} karakter',
            minValue: 'Kolom ini harus bernilai minimal %{min}',
            maxValue: 'Kolom ini harus bernilai maksimal %{max}',
            number: 'Kolom ini harus berisi angka',
            email: 'Kolom ini harus berisi email yang valid',
            oneOf: 'Kolom ini harus berisi salah satu dari: %{options}',
            regex: 'Kolom ini harus sesuai dengan format tertentu (regexp): %{pattern}',
            unique: 'Kolom ini harus berisi nilai yang unik',
        },
        saved_queries: {
            label: 'Kueri tersimpan',
            query_name: 'Nama kueri',
            new_label: 'Simpan kueri saat ini...',
            new_dialog_title: 'Simpan kueri saat ini sebagai',
            remove_label: 'Hapus kueri tersimpan',
            remove_label_with_name: 'Hapus kueri "%{name}"',
            remove_dialog_title: 'Hapus kueri tersimpan?',
            remove_message:
                'Apakah Anda yakin ingin menghapus item tersebut dari daftar kueri tersimpan Anda?',
            help: 'Saring daftar lalu simpan kueri ini untuk digunakan nanti',
        },
        guesser: {
            empty: {
                title: 'Belum ada data untuk ditampilkan',
                message: 'Silakan periksa penyedia data (data provider) Anda',
            },
        },
        configurable: {
            customize: 'Sesuaikan',
            configureMode: 'Atur halaman ini',
            inspector: {
                title: 'Inspektur',
                content:
                    'Arahkan kursor ke elemen antarmuka aplikasi untuk mengaturnya',
                reset: 'Atur ulang pengaturan',
                hideAll: 'Sembunyikan semua',
                showAll: 'Lihat semua',
            },
            Datagrid: {
                title: 'Tabel data',
                unlabeled: 'Kolom tanpa label #%{column}',
            },
            SimpleForm: {
                title: 'Formulir',
                unlabeled: 'Isian tanpa label #%{input}',
            },
            SimpleList: {
                title: 'Daftar',
                primaryText: 'Teks utama',
                secondaryText: 'Teks kedua',
                tertiaryText: 'Teks ketiga',
            },
        },
    },
};

export default raIndonesianMessages;
