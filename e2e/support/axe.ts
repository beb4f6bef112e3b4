import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';

/** WCAG 2.1 level A and AA: the rules the sweep holds every page to. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What fails the sweep: a violation that blocks or seriously hinders someone. */
const failing = new Set(['serious', 'critical']);

export type Finding = { rule: string; impact: string; help: string; targets: string[] };

type ContrastData = { fgColor?: string; bgColor?: string; contrastRatio?: number };

/** An element's selector, with the colours axe measured when they are the problem. */
function describeNode(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const selector = node.target.map(String).join(' >> ');
  const data = node.any[0]?.data as ContrastData | undefined;
  return data?.contrastRatio ? `${selector}  (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : selector;
}

/** The serious and critical WCAG 2.1 AA violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page, scope?: string): Promise<Finding[]> {
  // Legacy mode runs axe inside the page itself; the default opens a second page per scan to
  // merge frames, which this app (no iframes) does not need, at about 0.25 s a scan.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(wcagTags);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => failing.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map(describeNode),
    }));
}

/** One readable block per page: rule, impact, what it means, and each element's selector. */
export function describeFindings(where: string, findings: Finding[]): string {
  const lines = findings.flatMap((finding) => [
    `  ${finding.rule} (${finding.impact}): ${finding.help}, ${finding.targets.length} element(s)`,
    ...finding.targets.slice(0, 8).map((target) => `    ${target}`),
    ...(finding.targets.length > 8 ? [`    … and ${finding.targets.length - 8} more`] : []),
  ]);
  return [`${where}:`, ...lines].join('\n');
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests from now on, so that `settle` can tell when it has its data. */
export function trackRequests(page: Page) {
  const requests = new Set<Request>();
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  inFlight.set(page, requests);
}

/**
 * Waits until the page has drawn its content: a heading, no loading indicator left (the page
 * loader, a table's or a tile's spinner) and no request in flight for a moment (a tracked page;
 * Playwright's own 'networkidle' waits half a second on every page).
 */
export async function settle(page: Page, quietMs = 150) {
  await page.locator('h1, h2').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, {
    timeout: 20_000,
  });
  const requests = inFlight.get(page);
  if (!requests) return page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type FocusState = {
  tag: string;
  /** The focused element's name: its aria-label, its label, or its text. */
  name: string;
  /** Drawn as focused: an outline or a ring (box shadow) the eye can find (WCAG 2.4.7). */
  visible: boolean;
  inDialog: boolean;
  invalid: string | null;
  /** The text of what aria-describedby points at (a field's error). */
  description: string;
};

/** Where the keyboard focus is, and how it shows. */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { tag: 'body', name: '', visible: false, inDialog: false, invalid: null, description: '' };
    }
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    const textOf = (ids: string | null) =>
      (ids ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    return {
      tag: element.tagName.toLowerCase(),
      name: (
        element.getAttribute('aria-label') ||
        label ||
        textOf(element.getAttribute('aria-labelledby')) ||
        element.textContent ||
        ''
      )
        .trim()
        .slice(0, 60),
      visible: (outlined || ringed) && box.width > 0 && box.height > 0,
      inDialog: element.closest('[role="dialog"]') !== null,
      invalid: element.getAttribute('aria-invalid'),
      description: textOf(element.getAttribute('aria-describedby')),
    };
  });
}

/** On a page just opened, presses Tab once and reports where the focus went. */
export async function tabOnce(page: Page): Promise<FocusState> {
  await page.keyboard.press('Tab');
  return focusState(page);
}

export type Fit = {
  /** How wide the page is and how wide the screen: more than the screen scrolls sideways. */
  pageWidth: number;
  screenWidth: number;
  /** The elements sticking out past the right edge, outermost first. */
  outside: string[];
  /** The buttons of the page's head (header, breadcrumbs, the title's row) and Quick Add, by name. */
  actions: string[];
  /** Those of them not wholly on screen. */
  offScreen: string[];
};

/**
 * Whether the page fits the screen's width (WCAG 1.4.10, Reflow: no scrolling sideways) with its
 * head's buttons on screen: those down to the bottom of the title, e.g. the record's ⋮ menu, and
 * the floating Quick Add. The screen is the layout viewport (documentElement.clientWidth): on a
 * phone, window.innerWidth grows with a page too wide for it (the browser zooms out to show it
 * whole), which would hide the very overflow looked for.
 */
export function fitOf(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const sticksOut = (element: Element | null) => element !== null && element.getBoundingClientRect().right > screenWidth + 0.5;
    const named = (element: Element) => element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || '';
    const outside = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
      .map((element) => {
        const classes = element.getAttribute('class')?.trim().split(/\s+/).join('.');
        const right = Math.round(element.getBoundingClientRect().right);
        return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${named(element)}" ends at ${right} px`;
      });
    const titleBottom = document.querySelector('main h1')?.getBoundingClientRect().bottom ?? 0;
    // Drawn at all: not inside something hidden from view but kept for screen readers (a phone's
    // table keeps its header row so, clipped to nothing).
    const drawn = (button: Element) => {
      for (let element: Element | null = button; element; element = element.parentElement) {
        if (getComputedStyle(element).clip !== 'auto') return false;
      }
      const box = button.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const actions = Array.from(document.querySelectorAll('button')).filter((button) => {
      const inHead = button.getBoundingClientRect().top < titleBottom || button.getAttribute('aria-label') === 'Quick Add';
      return inHead && drawn(button);
    });
    return {
      pageWidth: document.documentElement.scrollWidth,
      screenWidth,
      outside: outside.slice(0, 8),
      actions: actions.map(named),
      offScreen: actions.filter((button) => button.getBoundingClientRect().left < 0 || sticksOut(button)).map(named),
    };
  });
}

/** One readable block: how wide the page is against the screen, what sticks out, which buttons are off screen. */
export function describeFit(where: string, fit: Fit): string {
  return [
    `${where}: the page is ${fit.pageWidth} px wide on a screen of ${fit.screenWidth} px`,
    ...fit.outside.map((line) => `  ${line}`),
    ...(fit.offScreen.length > 0 ? [`  off screen: ${fit.offScreen.join(', ')}`] : []),
  ].join('\n');
}
