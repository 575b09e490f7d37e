// The leave summary's texts in English (src/pages/hrLeaveSummary/): namespace `hrLeaveSummary.*`,
// registered when the page's code arrives (./register.ts). ./id.ts has the same keys.

const hrLeaveSummary = {
  filters: 'Filters',
  year: 'Year',
  work_unit: 'Work unit',
  leave_type: 'Leave type',
  search: 'Search employee',
  search_help: 'Name or EIN',
  all: 'All',
  employee: 'Employee',
  ein: 'EIN',
  position: 'Position',
  granted: 'Granted',
  taken: 'Taken',
  lapsed: 'Lapsed',
  left: 'Left',
  unit: { day: 'days', hour: 'hours' },
  total: 'Total (%{unit})',
  on: 'Leave left as of %{day}; granted, taken and lapsed (unused by its expiry) over the year.',
  export_xlsx: 'Excel',
  export_help: 'Every row the filters find, as an Excel file',
  exported: '%{file} downloaded',
  export_failed: 'The export failed: %{message}',
  empty: "Nothing's here…",
  retry: 'Try again',
  per_page: 'Rows per page',
  of: '%{from}–%{to} of %{count}',
};

export default hrLeaveSummary;
