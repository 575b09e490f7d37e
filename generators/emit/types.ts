// JSON Schema → TypeScript record and input types, with json-schema-to-typescript.

import { compile } from 'json-schema-to-typescript';
import type { EntityModel } from '../../src/shared/entityModel';
import { recordSchema, writeSchema } from './jsonSchemas';
import { header, type Files } from './print';

const OPTIONS = { bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: true } as const;

export async function emitTypes(entities: EntityModel[]): Promise<Files> {
  const parts: string[] = [header('schemas/*.yaml')];
  for (const e of entities) {
    const record = await compile(recordSchema(e) as never, e.typeName, OPTIONS);
    const input = await compile(writeSchema(e) as never, `${e.typeName}Input`, OPTIONS);
    parts.push(`// ${e.source}\n${record.trim()}\n${input.trim()}\n`);
  }
  parts.push(
    `/** Record type per entity name: what the API returns. */\nexport interface RecordTypes {\n${entities.map((e) => `  ${e.name}: ${e.typeName};`).join('\n')}\n}\n`,
    `/** Input type per entity name: what a create or update may send. */\nexport interface InputTypes {\n${entities.map((e) => `  ${e.name}: ${e.typeName.replace(/Record$/, 'Input')};`).join('\n')}\n}\n`,
  );
  return { 'src/generated/types.ts': parts.join('\n') };
}
