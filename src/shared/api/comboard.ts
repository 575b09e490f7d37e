// The announcement board's calls (comboard, spec 2 §7): the server answers them
// (server/comboard/), the staff pages (src/pages/comboard*/) and the parent and student feeds ask
// them. No React, no DOM. Each answer is the v1 envelope (./envelope.ts).
//
// Where v1's shape was unsafe this contract takes a body instead (README, "Comboard"): the
// announcement fields of a PUT come in the JSON body, not the query string; a file comes as
// base64 in the JSON body but never over the upload limit (`upload-limit`).
//
// Identity and roles always come from the session, never from a parameter: `user_parent_id`,
// `roles`, `login_as` and `created_by` sent by older clients are accepted and ignored.
//
// Dates on the wire: a date and time is an ISO 8601 string with its offset
// (`2026-11-24T07:30:00.000Z`); a date alone is `YYYY-MM-DD`.

import type { Success } from './envelope';

/** Cards per page of every feed (spec 2 §9: skip = 5 × page). */
export const COMBOARD_PAGE_SIZE = 5;

/**
 * How far past a page the feeds count: `checkisi` counts the cards after the page up to this
 * many, and `total` is exact only when the end is that near. An exact count of all a viewer sees
 * reads every one of them for each page (the slow part of a parent's feed on the embedded database).
 */
export const COMBOARD_COUNT_AHEAD = 100;

/** The comment thread is asked again this often while it is on screen (spec 2 §9). */
export const COMMENT_REFRESH_MS = 85_000;

/** A reply is indented this much per level of depth (spec 2 §4). */
export const REPLY_INDENT_PX = 30;

/** The file types an attachment may have (spec 2 §5), checked by the file's bytes on the server. */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/webp',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The call paths under /api/v1. */
export const COMBOARD_PATHS = {
  /** GET: the board as the caller may see it (staff: /comboardlist and /home-comboard; a parent or student: their feed). */
  admin: 'comboard-admin',
  /** GET: the parent's or student's feed (also answers staff, with what they may see). */
  parentFeed: 'comboard-parent',
  /** GET: the caller's visible priority announcements. */
  priority: 'comboard-priority',
  /** GET ?comboard_id: where a priority announcement sits in the feed. */
  priorityLink: 'comboard-priority-link',
  /** GET ?comboard_id: the whole comment thread of one announcement. */
  comments: 'comment-parent',
  /** GET ?comboard_id: one announcement (the detail's first tab). POST: a comment or a reply. */
  detail: 'comboard-detail',
  /** PUT: edit one's comment; DELETE: delete a comment (its author, an admin or a comboard moderator). */
  comment: (id: number) => `comboard-detail/${id}`,
  /** POST ?id (v1): delete a comment, as DELETE comboard-detail/{id}. */
  deleteComment: 'deletecomment',
  /** POST: create an announcement. */
  header: 'comboard-header',
  /** PUT: edit; DELETE: delete (with its comments, attachments and recipients). */
  headerOne: (id: number) => `comboard-header/${id}`,
  /** GET ?comboard_id: the attachments, every version. POST: add one (409 file_exists when its name is taken and no `status`). */
  attachments: 'comboard-attachment',
  /** PUT: change an attachment's title or file; DELETE: delete that version. */
  attachment: (id: number) => `comboard-attachment/${id}`,
  /** POST: a new version of, or a replacement for, an existing attachment. */
  replaceFile: 'replace-file-comboard',
  /** GET ?comboard_id&file_name: the newest attachment of that name, or null. */
  fileExists: 'fileExist-comboard',
  /** GET ?id: an attachment's bytes, as a download (checked like the announcement). */
  download: 'download-comboard',
  /** GET ?id: an image attachment as base64 (v1's `image`). */
  image: 'image',
  /** GET: the largest attachment, in MB. */
  uploadLimit: 'upload-limit',
  /** GET ?comboard_id: the recipient rows. POST: add recipients. */
  recipients: 'comboard-recipients',
  /** DELETE: one recipient row. */
  recipient: (id: number) => `comboard-recipients/${id}`,
  /** GET: what the caller may do on the board. */
  role: 'comboard-role',
} as const;

/** What a feed is narrowed by (spec 2 §3 "Filter and paging"): all optional. */
export interface ComboardFilter {
  /** Offset: 0, 5, 10, … (any non-negative integer is accepted). */
  skip?: number;
  /** Words in the title or the text (trimmed, case- and accent-insensitive). */
  search?: string;
  /** 1–12: announcements whose show date falls in that month. */
  month?: number;
  /** Announcements whose show date falls in that year. */
  year?: number;
  /** YYYY-MM-DD: announcements shown on that day, or events running over it. */
  date?: string;
}

/** A file of an announcement: one version of one attachment. */
export interface ComboardFile {
  id: number;
  comboard_id: number;
  title: string;
  /** The file's name as uploaded (cleaned); the versions of one attachment share it. */
  file_name: string;
  /** v1's name for the file's name. */
  file: string;
  mime: AttachmentType;
  size: number;
  /** 1 for the first upload of a name, then 2, 3, … for each Create in the "file already exists" dialog. */
  version: number;
  /** Whether this is the newest version of its name. */
  is_latest: boolean;
  /** The address to fetch the bytes from with the bearer token (download-comboard?id=). */
  url: string;
  created_at: string;
  created_by: string;
  updated_at: string | null;
  updated_by: string | null;
}

/** One announcement as a card (and as the detail). */
export interface ComboardCard {
  id: number;
  title: string;
  /** Rich text, cleaned when written (src/shared/richTextPolicy.ts). */
  info: string;
  show_date: string;
  comboard_category_id: number;
  category_name: string;
  category_color: string | null;
  is_priority: boolean;
  is_event: boolean;
  /** Event start and end (YYYY-MM-DD), null when not an event. */
  datetime_1: string | null;
  datetime_2: string | null;
  to_parent: boolean;
  to_student: boolean;
  to_teacher: boolean;
  add_to_calendar: boolean;
  is_recalled: boolean;
  recall_time: string | null;
  reason: string | null;
  link_url: string | null;
  /** The creator's display name. */
  creator: string;
  /** The creator's user name. */
  created_by: string;
  created_at: string;
  updated_by: string | null;
  updated_at: string | null;
  /** The record's version: send it back with PUT comboard-header, which answers 409 when someone saved in between. */
  version: number;
  /** Newest version of every attachment that is not an image. */
  file_1: ComboardFile[];
  /** Newest version of every image attachment (the carousel, after the video link). */
  file_img: ComboardFile[];
  comment_count: number;
  /** Whether the show date has come (before it only its creator and admins see it). */
  is_published: boolean;
  /** The caller may edit, delete, recall, set recipients and attachments (creator or admin, spec 2 §6). */
  can_manage: boolean;
  /** The caller may comment (it is visible to them and not recalled). */
  can_comment: boolean;
}

/** GET comboard-admin, comboard-parent: a page of cards, newest show date first. */
export type ComboardPageAnswer = Success<{
  data: ComboardCard[];
  /** The comments of the page's cards (at most the newest 50 per card; the whole thread is comment-parent). */
  dataDetail: ComboardComment[];
  /**
   * How many cards come after this page, counted up to COMBOARD_COUNT_AHEAD (100): 100 means
   * "100 or more" (v1: "Semua data sudah ditampilkan" when below 1).
   */
  checkisi: number;
  /** The page this is (1-based) and its offset. */
  page: number;
  skip: number;
  /**
   * How many cards the caller may see with this filter, counted up to COMBOARD_COUNT_AHEAD past
   * this page: skip + this page + checkisi, exact when checkisi < COMBOARD_COUNT_AHEAD, otherwise
   * a lower bound.
   */
  total: number;
}>;

/**
 * GET comboard-priority: the caller's visible priority announcements, newest first, paged by 5;
 * checkisi and total are counted as in ComboardPageAnswer (up to COMBOARD_COUNT_AHEAD past the page).
 */
export type ComboardPriorityAnswer = Success<{ data: ComboardCard[]; checkisi: number; total: number }>;

/** GET comboard-priority-link?comboard_id: the feed page holding it. */
export type ComboardPriorityLinkAnswer = Success<{
  /** That page's cards. */
  data: ComboardCard[];
  /** 1-based page and its offset. */
  page: number;
  skip: number;
  /** The card's 0-based position in the whole feed. */
  urut: number;
}>;

/** GET comboard-detail?comboard_id: one announcement. */
export type ComboardDetailAnswer = Success<{ data: ComboardCard }>;

/** The fields of the announcement form (spec 2 §2.2), the body of POST and PUT comboard-header. */
export interface ComboardInput {
  title: string;
  show_date: string;
  is_priority: boolean;
  comboard_category_id: number;
  info?: string | null;
  is_event: boolean;
  datetime_1?: string | null;
  datetime_2?: string | null;
  to_parent: boolean;
  to_student: boolean;
  to_teacher: boolean;
  add_to_calendar: boolean;
  is_recalled: boolean;
  recall_time?: string | null;
  reason?: string | null;
  link_url?: string | null;
  /** PUT only: the version read (optimistic check; 409 when someone saved in between). */
  version?: number;
}

/** POST and PUT comboard-header: the saved announcement. A refusal is 422 with `messages` per field. */
export type ComboardSaveAnswer = Success<{ message: string; data: ComboardCard }>;

/** One comment or reply. */
export interface ComboardComment {
  id: number;
  comboard_id: number;
  /** The comment replied to; null for a top-level comment. */
  detail_id: number | null;
  /** v1's other name of detail_id. */
  parent_comment_id: number | null;
  /** The top-level comment of the thread (its own id for a top-level comment). */
  head_id: number;
  /** Depth: 0 for a top-level comment, the replied comment's plus one for a reply. */
  reply: number;
  /** Plain text; the client shows it escaped. */
  comment: string;
  /** The author's display name. */
  name: string;
  /** The replied comment's author, for a reply. */
  reply_name: string | null;
  author_kind: 'staff' | 'parent' | 'student';
  created_by: string;
  created_at: string;
  updated_at: string | null;
  /** The caller may delete it (its author, an admin, a comboard moderator). */
  can_delete: boolean;
}

/** GET comment-parent?comboard_id: the thread, in reading order (each reply after its parent). */
export type CommentListAnswer = Success<{ data: ComboardComment[] }>;

/** POST comboard-detail: a comment (no detail_id) or a reply (detail_id: the comment replied to). Depth, head and names are the server's. */
export interface CommentInput {
  comboard_id: number;
  comment: string;
  detail_id?: number | null;
}

/** POST comboard-detail, PUT comboard-detail/{id}: the saved comment. */
export type CommentSaveAnswer = Success<{ message: string; data: ComboardComment }>;

/** POST comboard-attachment: a new attachment. `file_1` is the file as base64 (or a data: URL). */
export interface AttachmentInput {
  comboard_id: number;
  title: string;
  file_name: string;
  file_1: string;
  /** What to do when the announcement already has a file of this name: a new version, or replace the newest one's bytes. Without it: 409 `file_exists`. */
  status?: 'create' | 'replace';
}

/** POST comboard-attachment, replace-file-comboard, PUT comboard-attachment/{id}. */
export type AttachmentSaveAnswer = Success<{ message: string; data: ComboardFile }>;

/** The 409 of an attachment whose name is taken: the `data` of the refusal. */
export interface FileExistsRefusal {
  code: 'file_exists';
  existing: ComboardFile;
}

/** POST replace-file-comboard: `id_file` is the attachment replaced (Replace) or versioned (Create). */
export interface ReplaceFileInput {
  id_file: number;
  status: 'create' | 'replace';
  name: string;
  base64: string;
  title?: string;
}

/** GET comboard-attachment?comboard_id: every version of every attachment, by name then version. */
export type AttachmentListAnswer = Success<{ data: ComboardFile[] }>;

/** GET fileExist-comboard?comboard_id&file_name. */
export type FileExistsAnswer = Success<{ data: ComboardFile | null }>;

/** GET upload-limit: MB. */
export type UploadLimitAnswer = Success<{ data: number }>;

/** GET image?id: v1's image answer. */
export type ImageAnswer = Success<{ img: string; name64: string; size64: number }>;

/** One recipient row (spec 2 §2.4): exactly one of department, level, class or student. */
export interface RecipientRow {
  id: number;
  comboard_id: number;
  /** What the row addresses, in words ("Unit: SMA", …), in the caller's language. */
  info: string;
  department_id: number | null;
  department_name: string | null;
  level_id: number | null;
  level_name: string | null;
  class_id: number | null;
  class_name: string | null;
  student_id: number | null;
  student_name: string | null;
  created_at: string;
  created_by: string;
}

/** GET comboard-recipients?comboard_id. */
export type RecipientListAnswer = Success<{ data: RecipientRow[] }>;

/** POST comboard-recipients: one row per id given; ids already addressed are skipped. */
export interface RecipientInput {
  comboard_id: number;
  department_id?: number[];
  level_id?: number[];
  class_id?: number[];
  student_id?: number[];
}

/** POST comboard-recipients: the rows added. */
export type RecipientSaveAnswer = Success<{ message: string; data: RecipientRow[] }>;

/** GET comboard-role: what the caller may do on the board. */
export type ComboardRoleAnswer = Success<{
  data: {
    /** ROLE_ADMIN, or an active comboard user with the administrator role: manages every announcement. */
    is_admin: boolean;
    /** May create announcements (admins and active comboard users). */
    can_post: boolean;
    /** May delete anybody's comment (admins and comboard moderators). */
    can_moderate: boolean;
    /** The comboard user record's role, if the caller has one. */
    comboard_role: 'administrator' | 'publisher' | 'moderator' | null;
  };
}>;
