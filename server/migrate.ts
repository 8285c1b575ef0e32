/**
 * npm run migrate
 * Applies the store's migrations (server/store/migrations.ts) to DATABASE_URL (or the SQLite file)
 * and exits: run it once per release before starting new instances. Instances also migrate on
 * start; a PostgreSQL advisory lock makes concurrent runs safe.
 */
import { loadConfigOrExit } from './config.ts';
import { openStore } from './store/index.ts';

const config = loadConfigOrExit();
const store = await openStore({ databaseUrl: config.databaseUrl ?? undefined, sqlitePath: config.sqlitePath });
await store.close();
console.log(`migrated ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite at ${config.sqlitePath}`}`);
