import { describe, expect, it } from 'vitest';
import { runCrashDrill } from './support/drills/crash-drill.ts';
import { describeFigures } from './support/drills/crash-figures.ts';

/**
 * The crash drill's short form (issue 26; the long one is `npm run drill:crash`): the server,
 * started from its source, is killed with SIGKILL once while four clients write, and started again.
 * Nothing acknowledged may be missing, nothing half-written may exist, and no kept count may
 * disagree with its rows. PostgreSQL only: the drill's server runs on its own database.
 */
describe.runIf(process.env.TEST_BACKEND === 'postgres')('a server killed mid-write', () => {
  it('loses no acknowledged write and leaves nothing half-written', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = '/drill_crash_short';
    const figures = await runCrashDrill({
      databaseUrl: url.toString(),
      port: 4613,
      smtpPort: 4614,
      kills: 1,
      seed: 7,
      killAfterMs: [200, 1500],
    });
    const summary = describeFigures(figures);
    expect(figures.kills, summary).toBe(1);
    expect(figures.acknowledged, summary).toBeGreaterThan(0);
    expect(figures.lost, summary).toBe(0);
    expect(figures.halfWritten, summary).toBe(0);
    expect(figures.appliedTwice, summary).toBe(0);
    expect(figures.inconsistencies, summary).toBe(0);
    expect(figures.unversioned, summary).toBe(0);
    expect(figures.serverErrors, summary).toBe(0);
    expect(figures.mail?.sentNotReceived, summary).toBe(0);
    expect(figures.problems).toEqual([]);
  }, 600_000);
});
