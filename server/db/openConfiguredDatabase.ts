// The database the settings ask for: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.

import type { ServerConfig } from '../config';
import type { DatabaseHandle } from './database';
import { openEmbedded, openPostgres } from './openDatabase';

export function openConfiguredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<ServerConfig, 'statementTimeoutMs'>>,
  onPoolError: (error: Error) => void,
): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { onPoolError, statementTimeoutMs: config.statementTimeoutMs }) : openEmbedded(config.dataDir);
}
