// The academic home's texts in English (src/pages/academicHome/): namespace `academicHome.*`,
// registered when the page's code arrives (./register.ts). ./id.ts has the same keys.

const academicHome = {
  retry: 'Try again',
  loading: 'Loading…',
  today: {
    title: 'Today',
    term: '%{year}, %{semester}',
    noTerm: 'No academic year is active',
    holiday: 'Holiday: %{name}',
    schoolDay: 'A school day',
    weekend: 'Weekend: no lessons',
  },
  lessons: {
    title: 'My lessons today',
    none: 'No lessons of yours today.',
    taken: 'Attendance taken',
    notTaken: 'Attendance not taken',
    upcoming: 'Upcoming',
    now: 'Going on now',
    timetable: 'Timetable',
  },
  homeroom: {
    title: 'My homeroom class',
    none: 'You are no homeroom teacher of an active class.',
    students: '%{smart_count} student |||| %{smart_count} students',
    present: 'Present',
    late: 'of them late',
    permission: 'Permission',
    sick: 'Sick',
    absent: 'Absent',
    unrecorded: 'Not recorded',
    report: 'Attendance report',
  },
  approvals: {
    title: 'Permission requests waiting for you',
    none: 'Nothing waits for your decision.',
    more: '%{shown} of %{count}',
    all: 'All permission requests',
    period: '%{from} – %{to}',
  },
  agenda: {
    title: 'The next two weeks',
    none: 'No school events or holidays in the next two weeks.',
    holiday: 'Holiday',
    event: 'Event',
    calendar: 'Calendar',
  },
  school: {
    title: 'The school today',
    students: 'Active students',
    classes: 'Classes this year',
    teachers: 'Teachers',
    withoutHomeroom: 'Classes without a homeroom teacher',
    attendance: 'Daily attendance recorded',
    recorded: '%{recorded} of %{students}',
  },
};

export default academicHome;
