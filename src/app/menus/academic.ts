// The academic menu (spec 1 §2.8: "the academic, student, grading, attendance,
// extracurricular, role and setting entries of 2.7, starting with /home-comboard"), in the
// order of §2.7's groups. Each entry is a route: a schema resource or a bespoke page. The
// academic tables §2.8 leaves out (a holiday list's days, subject selection windows, role
// group memberships, the schools) stand beside the entry they belong with.

export const ACADEMIC_MENU: readonly string[] = [
  '/home-comboard',
  '/home-academic',
  // calendar and academic setup
  '/academicyear',
  '/semester',
  '/department',
  '/level',
  '/major',
  '/major-date',
  '/selection-offering',
  '/selection-offering-time',
  '/class',
  '/subject',
  '/academicbatch',
  '/period',
  '/holidays',
  '/holidays-detail',
  '/listschoolevents',
  '/calendar',
  // admissions and students
  '/regisbatch',
  '/newbatchregistration',
  '/candidatesgroup',
  '/candidate',
  '/placement',
  '/students',
  '/generate-userid',
  '/parentuser',
  '/resignationreason',
  '/studentresignation',
  '/graduation',
  '/class-transfer',
  '/vaccines',
  '/violation',
  '/punishment',
  '/comment',
  // teachers and grading
  '/teacher',
  '/teacherrole',
  '/teacherjournal',
  '/subjectgroup',
  '/learningmethod',
  '/gradingaspects',
  '/assignmenttype',
  '/assignmenttypescore',
  '/gradingrule',
  '/finalscorerule',
  '/scoreminimum',
  '/syllabus',
  '/teachingtimeplan',
  '/lessonplan',
  '/lessonassessmentregular',
  '/lessonassessmentparallel',
  '/ledgerhomeroomteacher',
  '/raportstudent',
  // time and schedule
  '/schooltime',
  '/studytime',
  '/schedule',
  // attendance and permissions
  '/attendancelist',
  '/reportattendance',
  '/reportattendancedaily',
  '/permissions',
  '/permission-reason',
  // extracurricular
  '/extracuricular',
  '/extracuricular-group',
  '/teacherextracuricular',
  '/eskulschedule',
  '/extracuricularscore',
  // roles and settings
  '/role',
  '/role-group',
  '/role-user',
  '/users',
  '/transaction-type',
  '/transaction-group',
  '/unapprove-mechanism',
  '/template-announcement',
  '/schoolidentity',
  '/school',
  '/branch',
  '/settingmodule',
  '/settingattendance',
  '/settingtimeout',
  '/settingextracuricular',
  // the schemas' own data dictionary, for admins (issue 16)
  '/data-dictionary',
];

/**
 * The teacher's academic menu (spec 1 §2.8 "a subset", §6 ROLE_TEACHER): a teacher's daily
 * work — their classes and subjects, the calendar, teaching plans, journals and assessments,
 * attendance and permissions, extracurricular coaching — and none of the school's setup
 * (admissions, grading rules, roles, settings). Schema entries a teacher may not list are
 * left out as for everyone (src/app/menus/menuChoice.ts).
 */
export const TEACHER_MENU: readonly string[] = [
  '/home-comboard',
  '/home-academic',
  '/academicyear',
  '/semester',
  '/class',
  '/subject',
  '/holidays',
  '/listschoolevents',
  '/calendar',
  '/students',
  '/teacherjournal',
  '/syllabus',
  '/teachingtimeplan',
  '/lessonplan',
  '/lessonassessmentregular',
  '/lessonassessmentparallel',
  '/ledgerhomeroomteacher',
  '/raportstudent',
  '/schedule',
  '/attendancelist',
  '/reportattendance',
  '/reportattendancedaily',
  '/permissions',
  '/extracuricular',
  '/teacherextracuricular',
  '/eskulschedule',
  '/extracuricularscore',
];

/** The course variant adds these to the academic menu (spec 1 §2.8). */
export const COURSE_ADDITIONS: readonly string[] = [
  '/coursework',
  '/price-group',
  '/non-academic-activity',
  '/coursework-achievement',
  '/coursework-teacher',
];
