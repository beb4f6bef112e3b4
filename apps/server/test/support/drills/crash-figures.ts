/** What the crash drill counts; printed at its end and asserted by the short form in the suite. */
export type MailFigures = {
  /** Messages put in the outbox (one per new student, to its instructor). */
  outbox: number;
  sent: number;
  /** Still pending at the end: their job was in hand at a kill and waits for pg-boss to expire it. */
  pending: number;
  /** Messages the SMTP sink received, all attempts. */
  received: number;
  /** Outbox messages the sink received more than once (the same Message-ID). */
  sentTwice: number;
  /** Messages marked sent that the sink never received. */
  sentNotReceived: number;
  /** Received messages whose Message-ID names no outbox message. */
  unmatched: number;
};

export type CrashFigures = {
  kills: number;
  acknowledged: number;
  unanswered: number;
  /** Unanswered writes found fully there after the restart, and fully absent. */
  unansweredApplied: number;
  unansweredAbsent: number;
  /** Unanswered writes found partly there. */
  halfWritten: number;
  /**
   * Unanswered writes sent again with their key: applied, replayed, refused by status and sentence;
   * `outcomes` by what the write was found to be after the restart and the retry's answer.
   */
  retries: { applied: number; replayed: number; refused: Record<string, number>; outcomes: Record<string, number> };
  appliedTwice: number;
  /** Acknowledged journeys whose records differ from what their answers said. */
  lost: number;
  /** Kept counts (caches, report counts, name words) that disagree with a recount. */
  inconsistencies: number;
  /** Rows without their version. */
  unversioned: number;
  serverErrors: number;
  journeysCompleted: number;
  restartMs: number[];
  /** Milliseconds per phase of each round: where a round's time goes. */
  phaseMs: Record<string, number[]>;
  mail: MailFigures | null;
  problems: string[];
};

export const emptyFigures = (): CrashFigures => ({
  kills: 0,
  acknowledged: 0,
  unanswered: 0,
  unansweredApplied: 0,
  unansweredAbsent: 0,
  halfWritten: 0,
  retries: { applied: 0, replayed: 0, refused: {}, outcomes: {} },
  appliedTwice: 0,
  lost: 0,
  inconsistencies: 0,
  unversioned: 0,
  serverErrors: 0,
  journeysCompleted: 0,
  restartMs: [],
  phaseMs: {},
  mail: null,
  problems: [],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function describeFigures(figures: CrashFigures): string {
  const refused = Object.entries(figures.retries.refused).map(([reason, count]) => `${count} × ${reason}`);
  const mail = figures.mail;
  return [
    `kills: ${figures.kills}`,
    `writes acknowledged: ${figures.acknowledged}`,
    `unanswered: ${figures.unanswered} (found applied ${figures.unansweredApplied}, absent ${figures.unansweredAbsent}, half-written ${figures.halfWritten})`,
    `retries with the same key: applied ${figures.retries.applied}, replayed ${figures.retries.replayed}, refused ${refused.length ? refused.join('; ') : 0}`,
    `retries by what was found and the answer: ${
      Object.entries(figures.retries.outcomes)
        .map(([outcome, count]) => `${count} × ${outcome}`)
        .join('; ') || 'none'
    }`,
    `applied twice: ${figures.appliedTwice}`,
    `acknowledged writes lost: ${figures.lost}`,
    `inconsistencies (kept counts disagreeing with their rows): ${figures.inconsistencies}`,
    `rows without their version: ${figures.unversioned}`,
    `5xx answers: ${figures.serverErrors}`,
    `journeys completed: ${figures.journeysCompleted}`,
    `restart until answering: median ${median(figures.restartMs)} ms, max ${Math.max(0, ...figures.restartMs)} ms`,
    `per round (median / max ms): ${
      Object.entries(figures.phaseMs)
        .map(([phase, values]) => `${phase} ${median(values)} / ${Math.max(0, ...values)}`)
        .join(', ') || 'none'
    }`,
    mail
      ? `mail: ${mail.outbox} in the outbox, ${mail.sent} sent, ${mail.pending} pending, ${mail.received} received; sent twice ${mail.sentTwice}, marked sent but not received ${mail.sentNotReceived}, unmatched ${mail.unmatched}`
      : 'mail: not counted',
    `problems: ${figures.problems.length}`,
  ].join('\n');
}
