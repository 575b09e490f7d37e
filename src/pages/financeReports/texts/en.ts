// The report pages' texts (issue 13 "Receivables reports"): namespace `financeReports.*`,
// registered with the pages' code (./register.ts). ./id.ts has the same keys. The column and
// filter labels are the contract's (src/shared/api/financeReports.ts), which the exports share.

const financeReports = {
  export_xlsx: 'Excel',
  export_pdf: 'PDF',
  export_xlsx_help: 'Download every row as an Excel workbook',
  export_pdf_help: 'Download every row as a PDF',
  exporting: 'Preparing the file…',
  exported: 'Downloaded %{file}',
  export_failed: 'The file could not be made: %{message}',
  filters: 'Filters',
  all: 'All',
  clear: 'Clear filters',
  search_help: 'Name, number or invoice',
  totals: 'Total',
  rows: '%{count} row |||| %{count} rows',
  loading: 'Loading the report…',
  empty: 'Nothing\'s here…',
  load_failed: 'The report could not be loaded:',
  retry: 'Retry',
  as_of: 'As of the end of %{date}',
  period: '%{from} – %{to}',
  kind: { student: 'Students', candidate: 'Candidates' },
  method: { va: 'Virtual account', cash: 'Cash', transfer: 'Bank transfer' },
  status: { matched: 'Matched', partial: 'Partial', mismatch: 'More than owed', unknown_va: 'Unknown VA', duplicate: 'Duplicate', already_uploaded: 'Already uploaded', invalid: 'Invalid' },
  chart: { title: 'By month', paid: 'Paid', outstanding: 'Outstanding', amount: 'Collected' },
  summary: {
    outstanding: 'Outstanding',
    overdue: 'Overdue',
    billed: 'Billed',
    paid_percent: 'Collected',
    amount: 'Collected',
    payments: 'Payments',
    deposit: 'To deposits',
  },
};

export default financeReports;
