import type { App } from '../../src/types.ts';

/** Follows the sign-in redirects through app.inject() with a cookie jar, as a browser would. */
export class InjectBrowser {
  readonly cookies = new Map<string, string>();
  /**
   * Which server instance answers: tests switch it to prove instances share their state.
   * `remoteAddress`: the address the server sees this browser at (its per-address limits count it).
   */
  constructor(
    public app: App,
    public remoteAddress = '127.0.0.1',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const target = new URL(url, 'http://localhost:3000');
    const response = await this.app.inject({
      method,
      remoteAddress: this.remoteAddress,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: 'localhost:3000',
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page (or a redirect out of this server) is reached. */
  async follow(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    let response = await this.request(method, url, form);
    let location = url;
    for (let hops = 0; hops < 10 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      location = new URL(
        String(response.headers.location),
        `http://localhost:3000${new URL(location, 'http://localhost:3000').pathname}`,
      ).toString();
      if (!location.startsWith('http://localhost:3000')) break;
      if (new URL(location).pathname === '/login') break;
      response = await this.request('GET', location);
    }
    return { response, location };
  }
}

/**
 * Starts a sign-in in this browser and opens the provider's form; answers the page reached and the
 * form's action (null when the provider signed in at once, with a session it already had).
 */
export async function openSignInForm(browser: InjectBrowser, startUrl?: string) {
  const start = startUrl ?? String((await browser.request('POST', '/api/users/auth/auth0', {})).headers.location);
  const { response, location } = await browser.follow('GET', start);
  const onForm = response.statusCode === 200 && location.includes('/idp/interaction/');
  const action = onForm ? /action="([^"]+)"/.exec(response.body)?.[1] : undefined;
  if (onForm && !action) throw new Error('No sign-in form');
  return { response, location, action: action?.replace(/&amp;/g, '&') ?? null };
}

/** Signs in through the built-in provider; returns the app token from the user_token cookie. */
export async function signInThroughProvider(
  app: App,
  email: string,
  password: string,
  options: { onlyOauth?: boolean; browser?: InjectBrowser; startUrl?: string } = {},
) {
  const browser = options.browser ?? new InjectBrowser(app);
  const startUrl =
    options.startUrl ??
    String(
      (await browser.request('POST', '/api/users/auth/auth0', options.onlyOauth ? { only_oauth: 'true' } : {})).headers
        .location,
    );
  const form = await openSignInForm(browser, startUrl);
  let { response, location } = form;
  if (form.action) {
    const submitted = await browser.request('POST', form.action, { email, password });
    if (submitted.statusCode !== 303) return { browser, token: null, loginPage: submitted, location };
    ({ response, location } = await browser.follow('GET', String(submitted.headers.location)));
  }
  return { browser, token: browser.cookies.get('user_token') ?? null, loginPage: response, location };
}
