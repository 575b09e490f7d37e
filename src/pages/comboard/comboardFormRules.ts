// The announcement form's values and the rules of spec 2 §5, mirrored from the server: title,
// show time, priority, category and the recalled choice are required; an event needs its
// start and end (the end not before the start); a recalled one its recall time and reason;
// the link is optional but, when given, a web address.

import type { ComboardCard, ComboardInput } from '../../shared/api/comboard';
import { fromLocalInput, toLocalInput } from './comboardDates';

/** What the form holds: the Yes/No choices as '1' / '0' (§4: true only for 1), moments as datetime-local text. */
export interface ComboardFormValues {
  title: string;
  show_date: string;
  is_priority: '1' | '0' | '';
  comboard_category_id: number | '';
  info: string;
  is_event: boolean;
  datetime_1: string;
  datetime_2: string;
  to_parent: boolean;
  to_student: boolean;
  to_teacher: boolean;
  add_to_calendar: boolean;
  is_recalled: '1' | '0' | '';
  recall_time: string;
  reason: string;
  link_url: string;
}

const yesNo = (value: boolean): '1' | '0' => (value ? '1' : '0');

export function emptyValues(now = new Date()): ComboardFormValues {
  return {
    title: '',
    show_date: toLocalInput(now.toISOString()),
    is_priority: '0',
    comboard_category_id: '',
    info: '',
    is_event: false,
    datetime_1: '',
    datetime_2: '',
    to_parent: true,
    to_student: false,
    to_teacher: false,
    add_to_calendar: false,
    is_recalled: '0',
    recall_time: toLocalInput(now.toISOString()),
    reason: '',
    link_url: '',
  };
}

export function valuesOf(card: ComboardCard): ComboardFormValues {
  return {
    title: card.title,
    show_date: toLocalInput(card.show_date),
    is_priority: yesNo(card.is_priority),
    comboard_category_id: card.comboard_category_id,
    info: card.info ?? '',
    is_event: card.is_event,
    datetime_1: card.datetime_1 ?? '',
    datetime_2: card.datetime_2 ?? '',
    to_parent: card.to_parent,
    to_student: card.to_student,
    to_teacher: card.to_teacher,
    add_to_calendar: card.add_to_calendar,
    is_recalled: yesNo(card.is_recalled),
    recall_time: toLocalInput(card.recall_time ?? new Date().toISOString()),
    reason: card.reason ?? '',
    link_url: card.link_url ?? '',
  };
}

const REQUIRED = 'comboard.form.required';
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The field errors of §5 (translation keys), empty when the form may be sent. */
export function checkValues(values: Partial<ComboardFormValues>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['title', 'show_date', 'is_priority', 'comboard_category_id', 'is_recalled'] as const) {
    if (blank(values[field])) errors[field] = REQUIRED;
  }
  if (values.is_event) {
    if (blank(values.datetime_1)) errors.datetime_1 = REQUIRED;
    if (blank(values.datetime_2)) errors.datetime_2 = REQUIRED;
    if (!errors.datetime_1 && !errors.datetime_2 && String(values.datetime_2) < String(values.datetime_1)) {
      errors.datetime_2 = 'comboard.form.end_before_start';
    }
  }
  if (values.is_recalled === '1') {
    if (blank(values.recall_time)) errors.recall_time = REQUIRED;
    if (blank(values.reason)) errors.reason = REQUIRED;
  }
  if (!blank(values.link_url) && !/^https?:\/\/\S+$/i.test(String(values.link_url).trim())) errors.link_url = 'comboard.form.bad_url';
  return errors;
}

/** The body of POST / PUT comboard-header. */
export function inputOf(values: ComboardFormValues, version?: number): ComboardInput {
  const recalled = values.is_recalled === '1';
  return {
    title: values.title.trim(),
    show_date: fromLocalInput(values.show_date) ?? '',
    is_priority: values.is_priority === '1',
    comboard_category_id: Number(values.comboard_category_id),
    info: values.info || null,
    is_event: values.is_event,
    datetime_1: values.is_event ? values.datetime_1 || null : null,
    datetime_2: values.is_event ? values.datetime_2 || null : null,
    to_parent: values.to_parent,
    to_student: values.to_student,
    to_teacher: values.to_teacher,
    add_to_calendar: values.add_to_calendar,
    is_recalled: recalled,
    recall_time: recalled ? fromLocalInput(values.recall_time) : null,
    reason: recalled ? values.reason.trim() || null : null,
    link_url: values.link_url.trim() || null,
    ...(version === undefined ? {} : { version }),
  };
}
