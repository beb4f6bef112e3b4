import { describe, expect, it } from 'vitest';
import { renderDashboardFrame } from '../src/prerender.tsx';

// The dashboard's page holds this frame from the build (build-plugins/landing-pages.ts): it paints
// before the scripts arrive, for whoever opens the page, signed in or not.
describe('the dashboard frame written into its page at build time', () => {
  const html = renderDashboardFrame();
  const text = html.replace(/<style[^>]*>[^<]*<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');

  it("shows the dashboard's headings for a phone and for a desk, each drawn by CSS where it fits", () => {
    expect(text.match(/My Dashboard/g)).toHaveLength(2);
    // On a desk only: on a phone an admin's extra tiles would push it down when the app draws it.
    expect(text.match(/Students needing follow-up/g)).toHaveLength(1);
    expect(html).toContain('mantine-hidden-from-md');
    expect(html).toContain('mantine-visible-from-md');
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
