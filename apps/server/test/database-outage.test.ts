import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTokenService } from '../src/auth/tokens.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { databaseAwayRejections, databaseUnreachable, isDatabaseUnreachable, serverBusy, whenDatabaseAnswers } from '../src/db/unreachable.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import type { App } from '../src/types.ts';
import { testEnv } from './support/app.ts';
import { openTestDatabase } from './support/database.ts';
import { eventually, recordingLog, startTestJobQueue } from './support/job-queue.ts';
import { studentForm, studentsNamed, type StaffedNetwork, createStaffedNetwork } from './support/student-factories.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const onPostgres = process.env.TEST_BACKEND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * The database going away under a running app (issue 26): the app reaches PostgreSQL through a TCP
 * proxy that the test cuts, silences and opens again. The machine's server itself is never
 * restarted (the whole suite shares it): scripts/drills/database-restart.ts does that to a cluster
 * of its own.
 */
describe.runIf(onPostgres)('the database going away', () => {
  let direct: Database;
  let proxy: TcpProxy;
  let through: Database;
  let app: App;
  let queue: JobQueue;
  let net: StaffedNetwork;
  let headers: { authorization: string };
  const probesDone: number[] = [];

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = (direct.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const target = new URL(url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // A short wait for a connection, so that the silent database below costs the test a second.
    through = openPostgres(proxy.urlThrough(url), 4, { connectTimeoutMs: 1_000 });
    const env = testEnv();
    app = await buildApp({ env, database: through, logger: false });
    await app.ready();
    queue = await startTestJobQueue(through, recordingLog());
    await queue.boss.createQueue('outage-probe');
    await queue.boss.work<{ n: number }>('outage-probe', async ([job]) => {
      if (job) probesDone.push(job.data.n);
    });
    net = await createStaffedNetwork(direct.db);
    const issued = await (await createTokenService(direct.db, env)).issueFor(net.schoolAdminA.id);
    headers = { authorization: `Bearer ${issued?.token}` };
  });
  afterAll(async () => {
    await proxy?.open();
    await app?.close();
    await queue?.stop();
    await through?.close();
    await proxy?.close();
    await direct?.close();
  });

  const createStudent = (lastName: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/students', headers: { ...headers, ...extra }, payload: studentForm({ school_id: net.schoolA.id, last_name: lastName }) });
  const listenerPid = async () => {
    const [found] = await direct.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    return found?.pid;
  };
  const expectUnreachable = (response: Awaited<ReturnType<typeof createStudent>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: databaseUnreachable.message });
    expect(response.headers['retry-after']).toBe(String(databaseUnreachable.retryAfterSeconds));
  };

  it('answers 503 with a sentence while it is away, serves again once it is back, and keeps what it acknowledged', async () => {
    const saved = await createStudent('Acknowledged');
    expect(saved.statusCode).toBe(201);
    const id = saved.json().id as number;
    const listening = await eventually(listenerPid);

    await proxy.cut();
    expectUnreachable(await app.inject({ method: 'GET', url: `/api/students/${id}`, headers }));
    expectUnreachable(await createStudent('Refused', { 'idempotency-key': 'outage-write-1' }));

    await proxy.open();
    // No restart of the app: the pool opens new connections for the next request.
    const read = await app.inject({ method: 'GET', url: `/api/students/${id}`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, last_name: 'Acknowledged' });
    // The write refused while away was not made, and the same key then makes it once.
    expect(await studentsNamed(direct.db, 'Refused')).toEqual([]);
    expect((await createStudent('Refused', { 'idempotency-key': 'outage-write-1' })).statusCode).toBe(201);
    expect(await studentsNamed(direct.db, 'Refused')).toHaveLength(1);
    expect(await studentsNamed(direct.db, 'Acknowledged')).toHaveLength(1);
    // The session cache LISTENs again on a new connection, and pg-boss works jobs again.
    expect(await eventually(async () => {
      const pid = await listenerPid();
      return pid !== undefined && pid !== listening ? pid : undefined;
    })).not.toBe(listening);
    await queue.boss.send('outage-probe', { n: 1 });
    expect(await eventually(async () => (probesDone.includes(1) ? true : undefined))).toBe(true);
  });

  it('fails a transaction whose connection is lost between two statements, without ending the process', async () => {
    let between: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      between = resolve;
    });
    let started: () => void = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const inFlight = through.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await paused;
      await tx.execute(sql`select 2`);
    });
    const outcome = inFlight.then(() => null, (error: unknown) => error);
    await begun;
    await proxy.cut();
    // The checked-out connection hears of it now: an 'error' event no one listened to ended the process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    between();
    expect(isDatabaseUnreachable(await outcome)).toBe(true);
    await proxy.open();
    expect((await app.inject({ method: 'GET', url: '/api/students', headers })).statusCode).toBe(200);
  });

  it('says the server is busy, not the database away, when every connection was in use while the database answered', async () => {
    // 12 statements of 0.4 s queued on 4 connections: the request waits behind them past its 1 s,
    // while the database answers others every 0.4 s.
    // Settled from the start: on a loaded machine the last of them may time out waiting for a
    // connection before the request is answered, and a rejection nobody awaits yet fails the run.
    const queued = Promise.allSettled(Array.from({ length: 12 }, () => through.query('select pg_sleep(0.4)')));
    const response = await app.inject({ method: 'GET', url: '/api/students', headers });
    await queued;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: serverBusy.message });
    expect(response.headers['retry-after']).toBe(String(serverBusy.retryAfterSeconds));
    expect((await app.inject({ method: 'GET', url: '/api/students', headers })).statusCode).toBe(200);
  });

  it('answers 503 when no connection comes in time, instead of waiting for ever', async () => {
    proxy.silence();
    expectUnreachable(await app.inject({ method: 'GET', url: '/api/students', headers }));
    await proxy.open();
    expect((await app.inject({ method: 'GET', url: '/api/students', headers })).statusCode).toBe(200);
  });
});

describe('what the server does with a rejection nobody awaited', () => {
  it("logs the database's absence (pg-boss 10's unawaited bookkeeping during a restart) and throws anything else", () => {
    const warned: unknown[] = [];
    const listener = databaseAwayRejections({ warn: (details) => warned.push(details.err) });
    const shuttingDown = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    listener(shuttingDown);
    listener(new Error('Connection terminated unexpectedly'));
    expect(warned).toEqual([shuttingDown, expect.any(Error)]);
    const other = new TypeError('x is not a function');
    expect(() => listener(other)).toThrow(other);
    expect(() => listener(Object.assign(new Error('duplicate key'), { code: '23505' }))).toThrow('duplicate key');
  });
});

describe('work nobody waits on, while the database restarts', () => {
  it('is run again while the database cannot be reached, and not when it refused the work', async () => {
    let tries = 0;
    const answered = await whenDatabaseAnswers(
      async () => {
        tries += 1;
        if (tries < 3) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
        return 'marked sent';
      },
      { everyMs: 1 },
    );
    expect({ answered, tries }).toEqual({ answered: 'marked sent', tries: 3 });
    let refusals = 0;
    const refused = whenDatabaseAnswers(async () => {
      refusals += 1;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await expect(refused).rejects.toThrow('duplicate key');
    expect(refusals).toBe(1);
    const away = whenDatabaseAnswers(() => Promise.reject(new Error('Connection terminated unexpectedly')), { everyMs: 1, forMs: 5 });
    await expect(away).rejects.toThrow('Connection terminated unexpectedly');
  });
});
