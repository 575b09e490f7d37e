// A hook file whose default export is not defineHooks({ … }): a misspelt hook name would
// otherwise never run (tests/server/hooks.test.ts).

export default {
  async beforeSave() {
    return undefined;
  },
};
