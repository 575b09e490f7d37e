// The profile of a login (spec 1 §7.1 "GET users/{user_id}, students/{user_id},
// parents/{user_id}: profile in data"; §7.2 check-employee), as the server answers it and the
// app shows it. No React, no DOM: the server imports it too.
//
// `data` is the account's record as its table shows it (never its password), plus:
//   - `fields`: the account's main fields besides its names (a student's NIS, unit and class);
//   - `roles`: the roles the login holds, with the school's name for each (role table);
//   - staff and booking logins: `employee`, the linked employee's main fields, or null;
//   - parents: `children`, the students the account sees.

/** One field of a record as a person reads it: the schema's label in the request's language. */
export interface ProfileField {
  name: string;
  label: string;
  /** The schema's field kind (`date` values are formatted by the app). */
  kind: string;
  /** The stored value (a reference's id, an enum's code). */
  value: unknown;
  /** What to show: a reference's or an enum's label, else the value as text; null when empty. */
  text: string | null;
}

/** The employee record of a staff login (check-employee's data). */
export interface EmployeeSummary {
  id: number;
  name: string;
  fields: ProfileField[];
}

export interface ProfileRole {
  authority: string;
  /** The school's name of the role (role table), when it keeps one. */
  name: string | null;
}

/** A parent's child: the student's own main fields (never their login's secrets). */
export interface ProfileChild {
  id: number;
  name: string;
  fields: ProfileField[];
}

export interface AccountProfile {
  id: number;
  username: string;
  name: string;
  email?: string | null;
  employee_id?: number | null;
  fields: ProfileField[];
  roles: ProfileRole[];
  /** Staff and booking logins. */
  employee?: EmployeeSummary | null;
  /** Parent logins. */
  children?: ProfileChild[];
  [field: string]: unknown;
}
