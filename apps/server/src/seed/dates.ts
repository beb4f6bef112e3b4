/**
 * Demo dates are offsets from "today" in the server's zone (lib/csv.ts `today()` uses local
 * time too), so that the same seed always looks current.
 */
export type DayClock = {
  /** YYYY-MM-DD, `offset` days from today (negative: in the past). */
  day: (offset: number) => string;
  /** A timestamp at noon UTC on that day plus some minutes: `::date` gives the same day in any zone from UTC-11 to UTC+11. */
  at: (offset: number, minutes?: number) => Date;
};

export function dayClock(today: Date = new Date()): DayClock {
  const base = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const dayMs = 86_400_000;
  return {
    day: (offset) => new Date(base + offset * dayMs).toISOString().slice(0, 10),
    at: (offset, minutes = 0) => new Date(base + offset * dayMs + 12 * 3_600_000 + minutes * 60_000),
  };
}

/** Today in the server's zone as YYYY-MM-DD. */
export function localDay(today: Date = new Date()): string {
  return dayClock(today).day(0);
}
