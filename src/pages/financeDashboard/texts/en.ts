// The finance dashboard's texts (spec 3 §2.1, §5, §8; English), under finance.dashboard.*.

const en = {
  title: "Finance dashboard",
  filters: {
    cutoff: "Cut-off date",
    student: "Student",
    candidate: "Candidate",
    range: "Invoices and payments from %{from} to %{to}",
  },
  summary: {
    outstanding: "Outstanding",
    overdue: "Overdue",
  },
  reconciliation: {
    title: "Payment Reconciliation",
    uploadva: "Upload VA",
    payment: "Payment",
    agree: "Agrees",
    differ: "Differs by %{amount}",
    lines: "%{lines} line |||| %{lines} lines",
    payments: "%{payments} payment |||| %{payments} payments",
  },
  arrears: {
    title: "Inv Overdue > 3 months",
    invoices:
      "%{count} invoice, %{min}–%{max} days overdue |||| %{count} invoices, %{min}–%{max} days overdue",
    open: "Open the invoices of %{name} in a new tab",
  },
  waivers: {
    title: "Waiver Overdue",
    group:
      "%{type}: %{count} invoice, %{outstanding} owed, %{waived} waived |||| %{type}: %{count} invoices, %{outstanding} owed, %{waived} waived",
    age: "up to %{days} day overdue |||| up to %{days} days overdue",
  },
  pie: {
    title: "Outstanding Composition",
    hint: "Click a slice to open its report in a new tab",
  },
  open: {
    title: "Open Payment",
    name: "Name",
    class: "Class",
    payment_no: "Payment number",
    date: "Date",
    reminder: "Reminder value",
    generate: "Generate Payment",
    close: "Close Payment",
    select_all: "Select every payment on this page",
    select: "Select payment %{no}",
    selected: "%{count} selected",
    select_first: "Please select payment first.",
    no_data: "No Data",
    help: "Money a payment had left after settling its invoices. Generate applies it to what the student owes now; Close keeps it as the deposit.",
  },
  rate: {
    title: "Collectible Rate",
    current_month: "Current Month",
    cumulative: "Cumulative",
    no_due: "Nothing due",
    hover: "%{collected} collected of %{due} due from %{from} to %{to}",
    from_start: "the start",
    red: "Red up to (%)",
    yellow: "Yellow up to (%)",
    green: "Green up to (%)",
    save: "Save thresholds",
    edit: "Thresholds",
  },
  list: {
    showing: "The %{shown} owing most of %{total}",
  },
  empty: "Nothing's here…",
  retry: "Retry",
  loading: "Loading…",
};

export default en;
