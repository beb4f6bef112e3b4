// The bare baseline: Fastify and a node-postgres Pool of the app's size, no sign-in, no
// validation, no ORM. For each call the bench measures, the same SQL as the app and the same JSON
// body (or, for exports, COPY … TO STDOUT of the same columns and joins). It takes the user's
// scope from a header the bench fills in with the app's own scope resolution.
//   DATABASE_URL=postgres://… PORT=3611 node --import tsx bench/http/baseline.ts
import Fastify from 'fastify';
import { exportRoutes } from './baseline/exports.ts';
import { enrollmentRecordRoutes } from './baseline/enrollments.ts';
import { listRoutes } from './baseline/lists.ts';
import { periodReportRoutes } from './baseline/period-reports.ts';
import { reportRoutes } from './baseline/reports.ts';
import { bracketQuery, openPool } from './baseline/sql.ts';
import { studentRecordRoutes } from './baseline/students.ts';
import { config } from './config.ts';

const pool = openPool(process.env.DATABASE_URL ?? config.databaseUrl, config.poolSize);
pool.on('error', (error) => console.warn(`baseline: PostgreSQL closed an idle connection: ${error.message}`));
// Query arrays in bracket style (`a[]=1&a[]=2`), as the app reads them.
const app = Fastify({ logger: false, routerOptions: { querystringParser: bracketQuery } });
app.get('/ready', async () => ({ ready: true }));
studentRecordRoutes(app, pool);
enrollmentRecordRoutes(app, pool);
listRoutes(app, pool);
exportRoutes(app, pool);
reportRoutes(app, pool);
periodReportRoutes(app, pool);

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ port: Number(process.env.PORT ?? config.baselinePort), host: '127.0.0.1' });
