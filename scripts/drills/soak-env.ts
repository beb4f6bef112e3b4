// The soak's database and port, set before bench/http/config.ts reads its environment: soak.ts
// imports this module first, so the bench's server start and token minting serve the drill.
export const soakDatabase = 'drill_soak';
export const soakPort = 4651;

process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${soakDatabase}`;
process.env.BENCH_APP_PORT = String(soakPort);
process.env.BENCH_APP_LOG_LEVEL = process.env.BENCH_APP_LOG_LEVEL ?? 'warn';
