// The staff calendar's texts in English (src/pages/academicCalendar/): namespace
// `academicCalendar.*`, registered when the page's code arrives (./register.ts). ./id.ts has the same keys.

const academicCalendar = {
  previous: 'Previous month',
  next: 'Next month',
  thisMonth: 'This month',
  retry: 'Try again',
  loading: 'Loading…',
  empty: 'No school events or holidays in %{month}.',
  holiday: 'Holiday',
  event: 'Event',
  today: 'Today',
  more: '+%{smart_count} more |||| +%{smart_count} more',
  manage: 'School events',
  holidays: 'Holidays',
};

export default academicCalendar;
