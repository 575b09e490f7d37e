// Subject and interest selection's texts in English: the namespace `selection.*`, merged into
// locales/en.ts. ./id.ts has the same keys (glossary: mata pelajaran, ekstrakurikuler, kuota,
// penuh, jurusan, lintas minat).

const selection = {
  student: 'Student',
  pickStudent: 'Choose a student',
  pickStudentHelp: 'Search by NIS or name',
  noStudent: 'Choose a student to see and change their selection.',
  onBehalf: 'Choosing for %{name} (NIS %{nis})',
  classOf: 'Class %{name}',
  window: {
    open: 'Selection is open until %{end}',
    left: 'Time left',
    before: 'Selection opens on %{start}',
    after: 'Selection closed on %{end}',
    timeout: 'The time to choose has run out',
    final: 'The choice was made final on %{date}',
    none: 'There is no selection window for this student',
  },
  needsSubjects: 'Choose subjects: at least %{majorMin} of the major (chosen: %{major}) and at least %{crossMin} from other majors (chosen: %{cross}).',
  needsExtra: 'Choose extracurriculars: at least %{min}, at most %{max} (chosen: %{count}).',
  finish: 'Make the choice final',
  choose: 'Choose',
  chosen: 'Chosen',
  release: 'Give back',
  full: 'Full',
  seats: '%{already} of %{capacity} seats taken',
  ownMajor: 'Own major',
  crossMajor: 'Cross-major',
  empty: 'Nothing’s here…',
  noTimes: 'No times set',
  refreshed: 'Seats refresh every few seconds',
  days: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
};

export default selection;
