// Load → model → emitters → files. Pure apart from reading the schemas: the writer does the rest.

import { emitDatabaseTypes } from './emit/database';
import { emitDictionary } from './emit/dictionary';
import { emitEntityModules, emitIndex, emitRegistry } from './emit/entities';
import { emitJsonSchemas } from './emit/jsonSchemas';
import type { Files } from './emit/print';
import { emitTables } from './emit/tables';
import { emitTypes } from './emit/types';
import { emitValidators } from './emit/validators';
import { loadSchemas, type Problem } from './load';

export interface GenerateResult {
  problems: Problem[];
  files: Files;
}

export async function generate(schemaDir: string, root: string): Promise<GenerateResult> {
  const { entities, problems } = loadSchemas(schemaDir, root);
  if (problems.length > 0) return { problems, files: {} };
  const files: Files = {
    ...emitJsonSchemas(entities),
    ...(await emitTypes(entities)),
    ...emitValidators(entities),
    ...emitEntityModules(entities),
    ...emitRegistry(entities),
    ...emitIndex(entities),
    ...emitTables(entities),
    ...emitDatabaseTypes(entities),
    ...emitDictionary(entities),
  };
  return { problems, files };
}
