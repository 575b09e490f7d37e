// The add-on modules' home's texts in English: the namespace `homeModulePage.*`, merged into
// locales/en.ts. ./id.ts has the same keys.

const homeModulePage = {
  title: 'Add-on modules',
};

export default homeModulePage;
