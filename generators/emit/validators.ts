// JSON Schema → validators compiled ahead of time by ajv (standalone code): the browser
// ships no ajv compiler and needs no eval; the server imports the same files.

import { Ajv } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { EntityModel } from '../../src/shared/entityModel';
import { writeSchema } from './jsonSchemas';
import { header, type Files } from './print';

// A CommonJS module: under Node's ES module loader the default import is `module.exports`,
// whose `default` is the function; under a bundler it is the function itself.
const standaloneCode =
  (standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule;

// ajv's standalone code `require`s its runtime helper for string lengths; the generated
// files are ES modules, so the helper is written inline (code points, as ajv counts).
const UCS2_REQUIRE = /const (\w+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/g;
const UCS2_INLINE = 'const $1 = (s) => { let n = 0; for (const _ of s) n++; return n; };';

export function emitValidators(entities: EntityModel[]): Files {
  const files: Files = {};
  for (const e of entities) {
    const ajv = new Ajv({ code: { source: true, esm: true, lines: true }, allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addSchema(writeSchema(e));
    const code = standaloneCode(ajv, { validate: e.name }).replace(UCS2_REQUIRE, UCS2_INLINE);
    if (code.includes('require(')) throw new Error(`validator of ${e.name} needs an ajv runtime helper that is not inlined`);
    files[`src/generated/validators/${e.name}.js`] = `${header(e.source)}${code}\n`;
    files[`src/generated/validators/${e.name}.d.ts`] =
      `${header(e.source)}import type { ValidateFunction } from '../../shared/entityModel';\nexport declare const validate: ValidateFunction;\n`;
  }
  return files;
}
