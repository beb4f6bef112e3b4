import { idempotencyKeyHeader, replayedHeader } from '@srs/shared/messages';
import { type Database, openPostgres } from '../../../src/db/client.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { type CrashFixture, loadCrashFixture, recreateDatabase } from './crash-fixture.ts';
import {
  describeState,
  emptyState,
  type JourneyState,
  journeySteps,
  readJourney,
  type Request,
  sameState,
  type Step,
} from './crash-journey.ts';
import { type CrashFigures, emptyFigures } from './crash-figures.ts';
import { keptCountsDisagreeing } from './kept-counts.ts';
import { countMail } from './mail-count.ts';
import { launchServer, type ServerProcess, waitUntilAnswering } from './server-process.ts';

/**
 * The crash drill (issue 26): the production server is killed with SIGKILL at seeded random
 * moments while several clients write, then started again. After each restart every write a
 * client saw acknowledged must be there in full, a write that got no answer must be there fully
 * or not at all, its retry with the same Idempotency-Key must apply it at most once, and what
 * the database keeps besides the rows (caches, report counts, name words) must agree with them.
 */
export type CrashDrillOptions = {
  databaseUrl: string;
  port: number;
  smtpPort: number;
  kills: number;
  seed: number;
  /** The built server (`node dist/server.js`); unset: the source through tsx. */
  bundle?: string;
  clients?: number;
  /**
   * The kill comes this long after the round's first acknowledged write (or a minute without one):
   * a seeded draw between the two. On a loaded machine a write takes seconds; counting from the
   * start could kill every round before anything was acknowledged.
   */
  killAfterMs?: [number, number];
  /** No new round starts after this time (ms since the epoch). */
  stopBy?: number;
  log?: (line: string) => void;
};

const jwtSecret = 'crash-drill-secret-not-for-production-0123456789';
const mailFrom = 'Crash Drill <no-reply@drill.test>';

type Pending = { step: Step; request: Request; key: string };
type Journey = {
  marker: string;
  target: number;
  steps: Step[];
  index: number;
  state: JourneyState;
  pending: Pending | null;
};

/** A small seeded generator (mulberry32): the same seed draws the same kill moments. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Answer = { status: number; body: unknown; replayed: boolean };

export async function runCrashDrill(options: CrashDrillOptions): Promise<CrashFigures> {
  const log = options.log ?? (() => {});
  const random = seeded(options.seed);
  const [minKill, maxKill] = options.killAfterMs ?? [300, 3000];
  const clients = options.clients ?? 4;
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const figures = emptyFigures();
  const problem = (text: string) => {
    figures.problems.push(text);
    log(`PROBLEM ${text}`);
  };

  await recreateDatabase(options.databaseUrl);
  const sink = await startSmtpSink({ port: options.smtpPort });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'true',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    FEATURE_INTEREST_TRACKING: 'true',
    SMTP_URL: sink.url,
    MAIL_FROM: mailFrom,
  };
  const start = async () => {
    const server = launchServer({ env, port: options.port, ...(options.bundle ? { bundle: options.bundle } : {}) });
    figures.restartMs.push(await waitUntilAnswering(server, baseUrl));
    return server;
  };
  let server: ServerProcess = await start();
  const database: Database = openPostgres(options.databaseUrl, 4);
  const journeys: Journey[] = [];
  try {
    const fixture: CrashFixture = await loadCrashFixture(database, { jwtSecret, interestTracking: true });
    const call = async (request: Request, key?: string): Promise<Answer> => {
      const response = await fetch(`${baseUrl}${request.url}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${fixture.tokens[request.user]}`,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { [idempotencyKeyHeader]: key } : {}),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(90_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: kept as text for the report.
      }
      return { status: response.status, body, replayed: response.headers.get(replayedHeader) === 'true' };
    };
    let journeyCount = 0;
    const newJourney = (client: number): Journey => {
      journeyCount += 1;
      const marker = `s${options.seed}c${client}j${journeyCount}`;
      const target = fixture.instructorIds[journeyCount % fixture.instructorIds.length]!;
      const journey = { marker, target, steps: journeySteps(fixture, marker, target), index: 0, state: emptyState, pending: null };
      journeys.push(journey);
      return journey;
    };
    const current: Journey[] = Array.from({ length: clients }, (_, client) => newJourney(client));
    const observe = (journey: Journey) => readJourney(database, journey.marker, journey.target);
    const advance = (client: number) => {
      const journey = current[client]!;
      journey.index += 1;
      if (journey.index >= journey.steps.length) {
        figures.journeysCompleted += 1;
        current[client] = newJourney(client);
      }
    };

    /** An unanswered write after the restart: all or nothing, then its retry with the same key. */
    const settlePending = async (client: number) => {
      const journey = current[client]!;
      const pending = journey.pending;
      if (!pending) return;
      journey.pending = null;
      const before = journey.state;
      const after = pending.step.apply(before);
      const seen = await observe(journey);
      if (sameState(seen, before)) figures.unansweredAbsent += 1;
      else if (sameState(seen, after)) figures.unansweredApplied += 1;
      else {
        figures.halfWritten += 1;
        problem(`${journey.marker} "${pending.step.name}" unanswered and half there: ${describeState(seen)}; before ${describeState(before)}`);
      }
      if (seen.unversioned > 0) problem(`${journey.marker}: ${seen.unversioned} row(s) without their version`);
      const answer = await call(pending.request, pending.key).catch((error: unknown) => ({ status: 0, body: String(error), replayed: false }));
      const again = await observe(journey);
      if (answer.status >= 200 && answer.status < 300) {
        figures.retries.applied += answer.replayed ? 0 : 1;
        figures.retries.replayed += answer.replayed ? 1 : 0;
        if (sameState(again, after)) {
          journey.state = after;
          advance(client);
          return;
        }
        if (sameState(again, pending.step.apply(after))) figures.appliedTwice += 1;
        problem(`${journey.marker} "${pending.step.name}" retried (${answer.status}) but found ${describeState(again)}; wanted ${describeState(after)}`);
      } else {
        const reason = `${answer.status} ${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)}`.slice(0, 160);
        figures.retries.refused[reason] = (figures.retries.refused[reason] ?? 0) + 1;
        if (!sameState(again, before) && !sameState(again, after)) {
          problem(`${journey.marker} "${pending.step.name}" retry refused (${reason}) and half there: ${describeState(again)}`);
        }
      }
      // The retry settled nothing: the journey ends as the database has it, and is checked again at the end.
      journey.state = sameState(again, after) ? after : before;
      current[client] = newJourney(client);
    };

    /** One client writes until the server dies under it. */
    const runClient = async (client: number, stopping: () => boolean, acknowledged: () => void) => {
      while (!stopping()) {
        const journey = current[client]!;
        const step = journey.steps[journey.index]!;
        let request: Request;
        try {
          request = await step.request({ database, call: (preview) => call(preview) });
        } catch (error) {
          // The server died under a preview (nothing written), or the step could not be built: a fault of the drill.
          if (!stopping()) {
            problem(`${journey.marker} "${step.name}" could not be sent: ${String(error).slice(0, 200)}`);
            current[client] = newJourney(client);
            continue;
          }
          return;
        }
        const key = `drill-${journey.marker}-${journey.index}`;
        let answer: Answer;
        try {
          answer = await call(request, key);
        } catch {
          figures.unanswered += 1;
          journey.pending = { step, request, key };
          return;
        }
        if (answer.status >= 200 && answer.status < 300) {
          figures.acknowledged += 1;
          acknowledged();
          journey.state = step.apply(journey.state);
          advance(client);
        } else {
          if (answer.status >= 500) figures.serverErrors += 1;
          problem(`${journey.marker} "${step.name}" answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
          current[client] = newJourney(client);
        }
      }
    };

    /** Every journey of the round is as its acknowledged writes left it; what the database keeps agrees. */
    const checkAll = async (which: Journey[]) => {
      for (const journey of which) {
        if (journey.pending) continue;
        const seen = await observe(journey);
        if (!sameState(seen, journey.state)) {
          figures.lost += 1;
          problem(`${journey.marker}: found ${describeState(seen)}; acknowledged ${describeState(journey.state)}`);
        }
        if (seen.unversioned > 0) {
          figures.unversioned += seen.unversioned;
          problem(`${journey.marker}: ${seen.unversioned} row(s) without their version`);
        }
      }
      for (const { check, rows } of await keptCountsDisagreeing(database)) {
        figures.inconsistencies += 1;
        problem(`${check}: ${rows} row(s) disagree with a recount`);
      }
    };

    for (let round = 1; round <= options.kills; round++) {
      if (options.stopBy && Date.now() > options.stopBy) {
        log(`stopping at ${round - 1} kills: the time given is up`);
        break;
      }
      await Promise.all(current.map((_, client) => settlePending(client)));
      await checkAll(current);
      let stopped = false;
      const killAfter = minKill + Math.floor(random() * (maxKill - minKill));
      let firstAcknowledged: () => void = () => {};
      const acknowledged = new Promise<void>((resolve) => {
        firstAcknowledged = resolve;
        setTimeout(resolve, 60_000).unref();
      });
      const writers = Promise.all(current.map((_, client) => runClient(client, () => stopped, firstAcknowledged)));
      await acknowledged;
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      stopped = true;
      await server.kill();
      figures.kills += 1;
      await writers;
      server = await start();
      if (round % 10 === 0 || round === options.kills) {
        log(`${round} kills: ${figures.acknowledged} acknowledged, ${figures.unanswered} unanswered, ${figures.lost} lost, ${figures.inconsistencies + figures.halfWritten} inconsistent`);
      }
    }
    await Promise.all(current.map((_, client) => settlePending(client)));
    await checkAll(journeys);
    figures.mail = await countMail(database, sink, mailFrom);
  } finally {
    await server.kill();
    await database.close();
    await sink.close();
  }
  return figures;
}
