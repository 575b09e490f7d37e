// The keyboard shortcuts and their help dialog (issue 16; src/app/keyboard/).
const keyboard = {
  title: 'Keyboard shortcuts',
  close: 'Close',
  search: 'Go to the list’s search box',
  save: 'Save the form',
  leave: 'Leave the field (or close a dialog)',
  help: 'Show this help',
  ctrl_k: 'Ctrl + K',
  ctrl_s: 'Ctrl + S',
  escape: 'Esc',
  question: '?',
};
export default keyboard;
