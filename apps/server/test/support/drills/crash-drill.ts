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
import { countMail, watchPendingMail } from './mail-count.ts';
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
  /**
   * Every this many rounds (and at the end) the unanswered writes are sent again with their keys,
   * while the clients write, and the kill waits for their answers: a retry of a claim left by a
   * killed server waits up to 15 s for it (plugins/idempotency.ts), which a round of a few seconds
   * would cut short. Default 10.
   */
  retryEvery?: number;
  /**
   * Every this many rounds (and at the end) every journey is read again and every kept count is
   * recounted over the whole database; between them a round checks the journeys it wrote and the
   * counts kept for their students. Default 25.
   */
  fullEvery?: number;
  /** No new round starts after this time (ms since the epoch). */
  stopBy?: number;
  log?: (line: string) => void;
};

const jwtSecret = 'crash-drill-secret-not-for-production-0123456789';
const mailFrom = 'Crash Drill <no-reply@drill.test>';

/** What a write left unanswered by the kill was found to be after the restart. */
type Found = 'applied' | 'absent' | 'half-written';
type Pending = { step: Step; request: Request; key: string; found?: Found };
type Journey = {
  marker: string;
  target: number;
  steps: Step[];
  index: number;
  /** Sends of the current step whose retry was refused: the next one goes with a new key. */
  attempt: number;
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

/** An answer's sentence: the `error` of a JSON refusal, else the body as text. */
function sentenceOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 160);
}

/** The last error the server logged (pino's JSON lines, level 50 and up), for a 5xx's report. */
function lastServerError(output: string): string {
  const line = output
    .split('\n')
    .reverse()
    .find((text) => /"level":(50|60)/.test(text));
  if (!line) return 'nothing logged';
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: { message?: string; code?: string; cause?: { message?: string; code?: string; detail?: string } };
    };
    const { err } = entry;
    const cause = err?.cause ? ` (cause: ${err.cause.code ?? ''} ${err.cause.message ?? ''} ${err.cause.detail ?? ''})` : '';
    return `${entry.msg ?? ''}: ${err?.code ?? ''} ${(err?.message ?? '').slice(0, 160)}${cause}`.replace(/\s+/g, ' ').slice(0, 600);
  } catch {
    return line.slice(0, 600);
  }
}

/**
 * The drill's own lookups of its records (by the address line and e-mail its journeys write), so
 * that reading a journey stays cheap as the database grows over a thousand rounds. Made in the
 * drill's database only.
 */
async function indexDrillLookups(database: Database): Promise<void> {
  await database.query('create index if not exists drill_students_address_2 on students (address_2)');
  await database.query('create index if not exists drill_interests_email on interests (email)');
  await database.query(
    `create index if not exists drill_versions_destroyed on versions ((object ->> 'address2'))
      where item_type = 'Student' and event = 'destroy'`,
  );
}

export async function runCrashDrill(options: CrashDrillOptions): Promise<CrashFigures> {
  const log = options.log ?? (() => {});
  const random = seeded(options.seed);
  const [minKill, maxKill] = options.killAfterMs ?? [100, 1500];
  const clients = options.clients ?? 4;
  const retryEvery = options.retryEvery ?? 10;
  const fullEvery = options.fullEvery ?? 25;
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const figures = emptyFigures();
  const problem = (text: string) => {
    figures.problems.push(text);
    log(`PROBLEM ${text}`);
  };

  const begun = Date.now();
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
    // One global admin imports for every client, many times a minute: more than a person's limit.
    RATE_LIMIT_IMPORTS: '100000',
    RATE_LIMIT_SEARCH: '100000',
    RATE_LIMIT_EXPORTS: '100000',
    RATE_LIMIT_LABELS: '100000',
  };
  const start = async () => {
    const server = launchServer({ env, port: options.port, ...(options.bundle ? { bundle: options.bundle } : {}) });
    figures.restartMs.push(await waitUntilAnswering(server, baseUrl));
    return server;
  };
  let server: ServerProcess = await start();
  // The drill's own reads wait for a connection rather than fail the run on a loaded machine.
  const database: Database = openPostgres(options.databaseUrl, 8, { connectTimeoutMs: 120_000 });
  const journeys: Journey[] = [];
  try {
    await indexDrillLookups(database);
    const fixture: CrashFixture = await loadCrashFixture(database, { jwtSecret, interestTracking: true });
    figures.phaseMs['first start (migrations, demo network)'] = [Date.now() - begun];
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
    const observe = (journey: Journey) => readJourney(database, journey.marker, journey.target);

    let journeyCount = 0;
    /** Journeys whose unanswered write was retried and settled: the next clients go on with them. */
    const resumable: Journey[] = [];
    const nextJourney = (client: number): Journey => {
      const resumed = resumable.shift();
      if (resumed) return resumed;
      journeyCount += 1;
      const marker = `s${options.seed}c${client}j${journeyCount}`;
      const target = fixture.instructorIds[journeyCount % fixture.instructorIds.length]!;
      const journey: Journey = {
        marker,
        target,
        steps: journeySteps(fixture, marker, target),
        index: 0,
        attempt: 0,
        state: emptyState,
        pending: null,
      };
      journeys.push(journey);
      return journey;
    };
    const current: Journey[] = Array.from({ length: clients }, (_, client) => nextJourney(client));
    /** Moves the journey past its step; false when that was its last. */
    const advance = (journey: Journey): boolean => {
      journey.index += 1;
      journey.attempt = 0;
      if (journey.index < journey.steps.length) return true;
      figures.journeysCompleted += 1;
      return false;
    };
    /** Journeys written to since the last check: what the next check reads again. */
    let touched = new Set<Journey>();
    /** Journeys whose write the kill left unanswered, not yet looked at after the restart. */
    let unanswered: Journey[] = [];
    /** Journeys looked at after the restart, whose write waits to be sent again with its key. */
    const awaitingRetry: Journey[] = [];

    /** An unanswered write after the restart: there in full or not at all. */
    const lookAtUnanswered = async (journey: Journey) => {
      const pending = journey.pending!;
      const before = journey.state;
      const after = pending.step.apply(before);
      const seen = await observe(journey);
      if (sameState(seen, before)) {
        figures.unansweredAbsent += 1;
        pending.found = 'absent';
      } else if (sameState(seen, after)) {
        figures.unansweredApplied += 1;
        pending.found = 'applied';
      } else {
        figures.halfWritten += 1;
        pending.found = 'half-written';
        problem(`${journey.marker} "${pending.step.name}" unanswered and half there: ${describeState(seen)}; before ${describeState(before)}`);
      }
      if (seen.unversioned > 0) {
        figures.unversioned += seen.unversioned;
        problem(`${journey.marker}: ${seen.unversioned} row(s) without their version`);
      }
      awaitingRetry.push(journey);
    };

    /** The unanswered write sent again with its key: applied at most once, whatever the answer. */
    const retry = async (journey: Journey) => {
      const pending = journey.pending!;
      const before = journey.state;
      const after = pending.step.apply(before);
      const answer = await call(pending.request, pending.key).catch((error: unknown) => ({
        status: 0,
        body: String(error),
        replayed: false,
      }));
      const again = await observe(journey);
      touched.add(journey);
      const done = answer.status >= 200 && answer.status < 300;
      const expected = done || answer.status === 409;
      // An answer other than done or 409 names its step: which write's key did not hold.
      const outcome =
        `found ${pending.found ?? '?'}: ${answer.status} ${done ? (answer.replayed ? 'replayed' : 'applied') : sentenceOf(answer.body)}` +
        (expected ? '' : ` ("${pending.step.name}")`);
      figures.retries.outcomes[outcome] = (figures.retries.outcomes[outcome] ?? 0) + 1;
      if (!expected) log(`${journey.marker} "${pending.step.name}" found ${pending.found ?? '?'}; its retry answered ${answer.status} ${sentenceOf(answer.body)}`);
      journey.pending = null;
      if (done) {
        figures.retries.applied += answer.replayed ? 0 : 1;
        figures.retries.replayed += answer.replayed ? 1 : 0;
        if (!sameState(again, after)) {
          if (sameState(again, pending.step.apply(after))) figures.appliedTwice += 1;
          problem(`${journey.marker} "${pending.step.name}" retried (${answer.status}) but found ${describeState(again)}; wanted ${describeState(after)}`);
          // Left as the database has it; the checks at the end read it again.
          journey.state = sameState(again, before) ? before : after;
          return;
        }
      } else {
        const reason = `${answer.status} ${sentenceOf(answer.body)}`;
        figures.retries.refused[reason] = (figures.retries.refused[reason] ?? 0) + 1;
        if (!sameState(again, before) && !sameState(again, after)) {
          problem(`${journey.marker} "${pending.step.name}" retry refused (${reason}) and half there: ${describeState(again)}`);
          journey.state = before;
          return;
        }
      }
      if (sameState(again, after)) {
        journey.state = after;
        if (advance(journey)) resumable.push(journey);
      } else {
        // Not made and refused: the next client sends the step again, with a new key, as a person would.
        journey.attempt += 1;
        resumable.push(journey);
      }
    };

    /** The retries, all at once: each waits up to 15 s at the server, and reads the drill's pool only after. */
    const retryAll = async (which: Journey[]) => {
      await Promise.all(which.map(retry));
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
            current[client] = nextJourney(client);
            continue;
          }
          return;
        }
        const key = `drill-${journey.marker}-${journey.index}${journey.attempt ? `-${journey.attempt}` : ''}`;
        let answer: Answer;
        try {
          answer = await call(request, key);
        } catch {
          figures.unanswered += 1;
          journey.pending = { step, request, key };
          unanswered.push(journey);
          current[client] = nextJourney(client);
          return;
        }
        touched.add(journey);
        if (answer.status >= 200 && answer.status < 300) {
          figures.acknowledged += 1;
          acknowledged();
          journey.state = step.apply(journey.state);
          if (!advance(journey)) current[client] = nextJourney(client);
        } else {
          if (answer.status >= 500) {
            figures.serverErrors += 1;
            problem(`${journey.marker} "${step.name}" answered ${answer.status}; the server logged: ${lastServerError(server.output())}`);
          } else {
            problem(`${journey.marker} "${step.name}" answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
          }
          current[client] = nextJourney(client);
        }
      }
    };

    /** Each journey as its acknowledged writes left it, with its versions. */
    const checkJourneys = async (which: Journey[]) => {
      const settled = which.filter((journey) => !journey.pending);
      for (let i = 0; i < settled.length; i += 4) {
        await Promise.all(
          settled.slice(i, i + 4).map(async (journey) => {
            const seen = await observe(journey);
            if (!sameState(seen, journey.state)) {
              figures.lost += 1;
              problem(`${journey.marker}: found ${describeState(seen)}; acknowledged ${describeState(journey.state)}`);
            }
            if (seen.unversioned > 0) {
              figures.unversioned += seen.unversioned;
              problem(`${journey.marker}: ${seen.unversioned} row(s) without their version`);
            }
          }),
        );
      }
    };
    /** What the database keeps agrees with its rows: for these journeys' students, or everywhere. */
    const checkKeptCounts = async (scope: Journey[] | 'all') => {
      const disagreeing =
        scope === 'all'
          ? await keptCountsDisagreeing(database)
          : await keptCountsDisagreeing(database, { lastNames: scope.map((journey) => `Crash${journey.marker}`) });
      for (const { check, rows } of disagreeing) {
        figures.inconsistencies += 1;
        problem(`${check}: ${rows} row(s) disagree with a recount`);
      }
    };

    for (let round = 1; round <= options.kills; round++) {
      if (options.stopBy && Date.now() > options.stopBy) {
        log(`stopping at ${round - 1} kills: the time given is up`);
        break;
      }
      let mark = Date.now();
      const lap = (phase: string) => {
        const now = Date.now();
        (figures.phaseMs[phase] ??= []).push(now - mark);
        mark = now;
      };
      // After the restart: the writes left unanswered, then what the last round wrote.
      const looked = unanswered;
      unanswered = [];
      await Promise.all(looked.map(lookAtUnanswered));
      const wrote = [...touched, ...looked];
      touched = new Set();
      const full = round > 1 && (round - 1) % fullEvery === 0;
      await checkJourneys(full ? journeys : wrote);
      await checkKeptCounts(full ? 'all' : wrote);
      lap(full ? 'check, whole database' : 'check');

      let stopped = false;
      const killAfter = minKill + Math.floor(random() * (maxKill - minKill));
      let firstAcknowledged: () => void = () => {};
      const acknowledged = new Promise<void>((resolve) => {
        firstAcknowledged = resolve;
        setTimeout(resolve, 60_000).unref();
      });
      const writers = Promise.all(current.map((_, client) => runClient(client, () => stopped, firstAcknowledged)));
      const retrying = round % retryEvery === 0 ? awaitingRetry.splice(0) : [];
      await Promise.all([acknowledged, retryAll(retrying)]);
      lap(retrying.length ? 'writes and retries until answered' : 'writes until the first acknowledged');
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      stopped = true;
      await server.kill();
      figures.kills += 1;
      await writers;
      lap('writes until the kill');
      server = await start();
      lap('restart until answering');
      if (round % 10 === 0 || round === options.kills) {
        log(
          `${round} kills: ${figures.acknowledged} acknowledged, ${figures.unanswered} unanswered, ${figures.lost} lost, ` +
            `${figures.inconsistencies + figures.halfWritten} inconsistent, ${figures.problems.length} problems`,
        );
      }
    }
    // The last restart: what it left unanswered, every retry still owed, then everything.
    let mark = Date.now();
    const lap = (phase: string) => {
      figures.phaseMs[phase] = [Date.now() - mark];
      mark = Date.now();
    };
    // A retry of a claim the kill left waits up to 15 s for it: the other end checks meanwhile,
    // and the outbox is watched meanwhile (a retry's mail resets the watch's stillness).
    const mailWatch = watchPendingMail(database, { waitMs: 60_000 });
    const looked = unanswered;
    unanswered = [];
    await Promise.all(looked.map(lookAtUnanswered));
    const settledJourneys = journeys.filter((journey) => !journey.pending);
    await Promise.all([
      retryAll(awaitingRetry.splice(0)),
      (async () => {
        await checkJourneys(settledJourneys);
        await checkKeptCounts('all');
      })(),
    ]);
    lap('end: retries, every journey, every count');
    // The retried journeys, and the counts again now that the retries are in.
    await checkJourneys(journeys.filter((journey) => !settledJourneys.includes(journey)));
    await checkKeptCounts('all');
    lap('end: retried journeys, every count again');
    try {
      figures.mail = await countMail(database, sink, mailFrom, mailWatch);
    } finally {
      await mailWatch.stopWatching();
    }
    lap('end: mail');
  } finally {
    await server.kill();
    await database.close();
    await sink.close();
  }
  return figures;
}
