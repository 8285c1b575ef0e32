/** Opens the configured store (PostgreSQL for postgres:// URLs, SQLite otherwise) with migrations applied. */
import type { OpenStoreOptions, Store } from './types.ts';

export type * from './types.ts';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export async function openStore({ databaseUrl, sqlitePath = './data/service.sqlite', pgSchema = 'public' }: OpenStoreOptions = {}): Promise<Store> {
  if (databaseUrl && POSTGRES_URL.test(databaseUrl)) {
    // Loaded lazily so a SQLite deployment never loads pg (and vice versa).
    const { openPostgresStore } = await import('./postgres.ts');
    return openPostgresStore({ url: databaseUrl, schema: pgSchema });
  }
  const { openSqliteStore } = await import('./sqlite.ts');
  return openSqliteStore({ path: sqlitePath });
}
