/** SPEC section 5: dates travel as YYYY-MM-DD and show as MM/DD/YYYY; nothing before 1 Jan 1800. */
export const minimumDate = '1800-01-01';

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return '-';
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** A YYYY-MM-DD string naming a real day on or after 1 Jan 1800. */
export function isValidIsoDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && iso >= minimumDate;
}

/** Parses MM/dd/yyyy typed text; null when it cannot be parsed or is before 1 Jan 1800. */
export function parseUsDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return iso < minimumDate ? null : iso;
}

/** 'today', '3 days ago', '2 months ago' — the dashboard's last follow-up as relative time. */
export function relativeDays(iso: string, today: Date = new Date()): string {
  const then = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((now - then) / 86_400_000);
  if (days === 0) return 'today';
  if (days < 0) return `in ${-days} day${days === -1 ? '' : 's'}`;
  if (days === 1) return 'yesterday';
  if (days < 31) return `${days} days ago`;
  const months = Math.round(days / 30.44);
  if (months < 12) return `${months} month${months === 1 ? '' : 's'} ago`;
  const years = Math.round(days / 365.25);
  return `${years} year${years === 1 ? '' : 's'} ago`;
}
