// The project's lint: typescript-eslint's recommended rules (syntax only: type-aware rules
// would type-check the tree a second time, which `tsc -p .` already does), React's hooks rules,
// DESIGN.md's layout (layers.js) and no import cycles. Run from the root: `npm run lint`.

import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layerBoundaries } from './layerBoundaries.js';
import { LAYERS } from './layers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default tseslint.config(
  {
    ignores: ['**/node_modules/', 'dist/', '.data/', 'src/generated/', 'server/generated/', 'coverage/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {
      'react-hooks': reactHooks,
      'import-x': importX,
      layers: { rules: { boundaries: layerBoundaries } },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // The hooks rules proper. The rest of the plugin's recommended set checks code for the
      // React Compiler, which this project does not use (refs read while drawing, setState in an
      // effect are correct without it).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore marks a parameter a signature needs but this code does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A variable a callback reads before it is assigned (server/main.ts's app) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'layers/boundaries': ['error', { root, layers: LAYERS }],
      // A cycle only through import() is allowed: the page registry loads each page lazily, and
      // a page reads the registry's titles; nothing in it runs while a module is loading.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      // TypeScript reports undefined names itself, with the DOM and Node types the rule does not know.
      'no-undef': 'off',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { URL: 'readonly' } },
  },
  {
    // Scripts that npm runs with Node (tools/patchDependencies.js).
    files: ['tools/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', 'react/*', 'ra-*', '@mui/*'], message: 'src/shared/ is imported by the server: no React, no DOM (DESIGN.md).' }] },
      ],
    },
  },
);
