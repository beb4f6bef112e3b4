// The PostgreSQL settings a benchmark ran on, as one line for its output (issue 28: every bench
// says them): the version and the settings that move its figures.
const names = [
  'shared_buffers',
  'work_mem',
  'maintenance_work_mem',
  'effective_cache_size',
  'max_wal_size',
  'synchronous_commit',
  'max_parallel_workers_per_gather',
  'random_page_cost',
  'autovacuum',
  'jit',
];

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export async function settingsLine(query: Query): Promise<string> {
  const settings = await query(
    'select name, current_setting(name) as value from pg_settings where name = any($1) order by array_position($1, name)',
    [names],
  );
  const [version] = await query("select current_setting('server_version') as version");
  return `PostgreSQL ${String(version?.version)}: ${settings.map((s) => `${String(s.name)}=${String(s.value)}`).join(', ')}`;
}
