/**
 * npm run world [-- --chain]
 * Starts the offline world and the service pointed at it (serve.ts), then prints commands to try.
 * Every fixture date is an age before the world's now (clock.ts), read as the fixtures load: the
 * moment the world starts, so the printed examples answer alike on any day. WORLD_NOW=<ISO instant>
 * plays another moment: the fixtures and the service's clock start there.
 */
const played = process.env.WORLD_NOW;
const offsetMs = played ? Date.parse(played) - Date.now() : 0;
if (Number.isNaN(offsetMs)) throw new Error(`WORLD_NOW is not a date: ${played}`);
process.env.WORLD_NOW = played || new Date().toISOString();
const { serveWorld } = await import('./serve.ts');
await serveWorld({ chain: process.argv.includes('--chain'), port: Number(process.env.PORT ?? 3000), now: () => new Date(Date.now() + offsetMs) });
