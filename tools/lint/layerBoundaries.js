// An ESLint rule that keeps DESIGN.md's layout (layers.js): a relative import, export-from or
// import() whose target lies in a folder the importing file's folder may not import from is
// reported, naming both folders. Packages are not its business.

import { dirname, relative, resolve, sep } from 'node:path';

/** @param {string} path a path relative to the root, with forward slashes */
function layerOf(path, layers) {
  let best = null;
  for (const folder of Object.keys(layers)) {
    if (path.startsWith(folder) && (best === null || folder.length > best.length)) best = folder;
  }
  return best;
}

/** Whether `path` lies in `folder`, where a `*` in `folder` stands for any one folder name. */
function inFolder(path, folder) {
  if (!folder.includes('*')) return path.startsWith(folder);
  const pattern = folder.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${pattern}`).test(path);
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Imports follow DESIGN.md's layout: which folder may import which" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, layers: { type: 'object' } },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossing: '{{from}} may not import from {{to}} (DESIGN.md, Layout); allowed: {{allowed}}',
    },
  },
  create(context) {
    const { root, layers } = context.options[0];
    const toRoot = (absolute) => relative(root, absolute).split(sep).join('/');
    const file = toRoot(context.filename);
    const from = layerOf(file, layers);
    if (from === null) return {};
    const allowed = layers[from];

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = toRoot(resolve(dirname(context.filename), source.value));
      if (allowed.some((folder) => inFolder(target, folder))) return;
      const to = layerOf(target, layers) ?? target.split('/').slice(0, -1).join('/') + '/';
      context.report({ node: source, messageId: 'crossing', data: { from, to, allowed: allowed.join(', ') } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
