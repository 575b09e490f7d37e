// The VA number generation's texts (/generateva, issue 12): namespace `finance.va.*`,
// registered with the page's code (./register.ts). ./id.ts has the same keys.

const va = {
  intro: 'Gives a VA number from the VA code to every student or candidate who has none; those who have one keep it.',
  va_code: 'VA code',
  unit: 'Unit',
  class: 'Class',
  all: 'All',
  required: 'This field is required',
  preview: 'Preview',
  generate: 'Generate VA Number',
  working: 'Working…',
  would_create: '%{count} VA number would be given |||| %{count} VA numbers would be given',
  created: '%{count} VA number given |||| %{count} VA numbers given',
  existing: '%{count} already has one |||| %{count} already have one',
  errors: 'Could not be given',
  column: { number: 'Student number', name: 'Name', va: 'VA number', message: 'Reason' },
  empty: 'No Data',
  confirm: {
    title: 'Generate VA numbers?',
    message: '%{count} student or candidate without a VA number gets one from %{code}. |||| %{count} students or candidates without a VA number get one from %{code}.',
    message_all: 'Every student or candidate without a VA number (in the chosen unit and class) gets one from %{code}.',
    confirm: 'Generate VA Number',
    cancel: 'Cancel',
  },
  failed: 'The VA numbers could not be generated.',
};

export default va;
