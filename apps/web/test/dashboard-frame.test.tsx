import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markDashboardTiles, rememberDashboardReminders, rememberDashboardTiles, remindersShape } from '../src/lib/dashboard-tiles.ts';
import { clearSession } from '../src/lib/session.ts';
import { dashboardRemindersAttribute, dashboardRemindersKey, dashboardTilesAttribute, dashboardTilesKey } from '../src/lib/session-keys.ts';
import { renderDashboardFrame } from '../src/prerender.tsx';

// The dashboard's page holds this frame from the build (build-plugins/landing-pages.ts): it paints
// before the scripts arrive, for whoever opens the page, signed in or not.
describe('the dashboard frame written into its page at build time', () => {
  let html = '';
  let text = '';
  beforeAll(async () => {
    html = await renderDashboardFrame();
    text = html.replace(/<style[^>]*>[^<]*<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  });

  it("shows the dashboard's headings for a phone and for a desk, each drawn by CSS where it fits", () => {
    expect(text.match(/My Dashboard/g)).toHaveLength(2);
    expect(text.match(/Students needing follow-up/g)).toHaveLength(2);
    expect(html).toContain('mantine-hidden-from-md');
    expect(html).toContain('mantine-visible-from-md');
  });

  it('draws a fifth tile on a phone only for a user whose dashboard had one', () => {
    // Four tiles for everyone, the fifth hidden unless <html> says so (dashboard-frame.module.css).
    const tiles = html.match(/<div [^>]*class="[^"]*tile[^"]*Paper-root"/g) ?? [];
    expect(tiles).toHaveLength(5);
    expect(tiles.filter((tile) => /fifthTile/.test(tile))).toHaveLength(1);
  });

  it('draws a box of reminders due for a phone and a desk, hidden unless <html> says the user had some', () => {
    const boxes = html.match(/<div [^>]*class="[^"]*reminders[^"]*"/g) ?? [];
    expect(boxes).toHaveLength(2);
    expect(text.match(/Reminders due/g)).toHaveLength(2);
  });

  it('is marked as for someone signed in (main.tsx drops it without a session)', () => {
    expect(html).toContain('data-frame="signed-in"');
  });

  it('holds nothing of anyone: no link, no field, no number; the menu button is only drawn', () => {
    expect(html).not.toMatch(/<a\b|<input\b/);
    const buttons = html.match(/<button\b[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toMatch(/aria-hidden="true"/);
    expect(buttons[0]).toMatch(/tabindex="-1"/);
    expect(text).not.toMatch(/\d/);
  });
});

describe('the number of tiles the frame draws', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute(dashboardTilesAttribute);
  });
  const runScript = markDashboardTiles;

  it('is the number the dashboard showed last, set on <html> before the page paints', () => {
    rememberDashboardTiles(5);
    expect(localStorage.getItem(dashboardTilesKey)).toBe('5');
    runScript();
    expect(document.documentElement.getAttribute(dashboardTilesAttribute)).toBe('5');
  });

  it('is left alone when nothing, or something that is no number, was stored', () => {
    runScript();
    expect(document.documentElement.hasAttribute(dashboardTilesAttribute)).toBe(false);
    localStorage.setItem(dashboardTilesKey, '5"><b');
    runScript();
    expect(document.documentElement.hasAttribute(dashboardTilesAttribute)).toBe(false);
  });

  it('is forgotten at sign-out: the next person to sign in gets a frame of their own', () => {
    rememberDashboardTiles(5);
    clearSession();
    expect(localStorage.getItem(dashboardTilesKey)).toBeNull();
  });
});

describe('the box of reminders due the frame draws', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute(dashboardRemindersAttribute);
  });

  it('has the shape the dashboard showed last: one to three rows, and a button for more', () => {
    expect([0, 1, 2, 3, 4, 100].map(remindersShape)).toEqual([null, '1', '2', '3', '3+', '3+']);
    rememberDashboardReminders('3+');
    markDashboardTiles();
    expect(document.documentElement.getAttribute(dashboardRemindersAttribute)).toBe('3+');
  });

  it('is left out when none was due, or something else was stored, and forgotten at sign-out', () => {
    rememberDashboardReminders('2');
    rememberDashboardReminders(null);
    markDashboardTiles();
    expect(document.documentElement.hasAttribute(dashboardRemindersAttribute)).toBe(false);
    localStorage.setItem(dashboardRemindersKey, '4"><b');
    markDashboardTiles();
    expect(document.documentElement.hasAttribute(dashboardRemindersAttribute)).toBe(false);
    rememberDashboardReminders('1');
    clearSession();
    expect(localStorage.getItem(dashboardRemindersKey)).toBeNull();
  });
});
