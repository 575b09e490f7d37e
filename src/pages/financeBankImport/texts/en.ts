// The bank VA file import's texts (/uploadva, issue 12 "Bank VA file import"): namespace
// `finance.bankImport.*`, registered with the page's code (./register.ts). ./id.ts has the same keys.

const bankImport = {
  layout: 'Bank layout',
  layout_help: 'How the bank writes its file',
  manage_layouts: 'Manage bank layouts',
  file: 'Bank file (CSV or XLSX)',
  choose_file: 'Choose file',
  no_file: 'No file chosen',
  check: 'Check',
  checking: 'Checking…',
  commit: 'Commit',
  required: 'This field is required',
  wrong_kind: 'Choose a CSV or XLSX file',
  intro: 'Check reads the file and shows what each line would do; nothing is paid until you commit.',
  status: {
    matched: 'Matched',
    partial: 'Partial',
    mismatch: 'Amount mismatch',
    unknown_va: 'Unknown VA',
    duplicate: 'Duplicate',
    already_uploaded: 'Already uploaded',
    invalid: 'Invalid',
  },
  column: {
    line: 'Line',
    va: 'VA number',
    party: 'Student',
    amount: 'Amount',
    outstanding: 'Outstanding',
    paid_at: 'Paid at',
    reference: 'Reference',
    status: 'Status',
    payment_no: 'Payment no',
    message: 'Note',
  },
  counts: 'Lines per status',
  lines_total: '%{count} line, %{amount} in total |||| %{count} lines, %{amount} in total',
  payable: '%{count} line will be paid |||| %{count} lines will be paid',
  already_uploaded: 'This file was already uploaded: its lines are paid already, nothing new is paid.',
  committed: '%{count} payment created |||| %{count} payments created',
  confirm: {
    title: 'Pay the checked lines?',
    message:
      '%{count} line of %{file} will be paid as a payment. Lines already paid are not paid again. |||| %{count} lines of %{file} will be paid as payments. Lines already paid are not paid again.',
    confirm: 'Commit',
    cancel: 'Cancel',
  },
  failed: 'The file could not be processed.',
  empty: 'No Data',
};

export default bankImport;
