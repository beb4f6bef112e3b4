// The cost of signing in through the built-in provider, over HTTP, as a browser does it: the
// start, the provider's redirects, the password form, the callback and the app token. Sequential
// (one person signing in), so each figure is one sign-in's own time.
//   npx tsx bench/http/sign-in.ts [base URL] [runs]
// against a production start (`npm start` with DATABASE_URL) with the demo accounts, or with
// SIGN_IN_EMAIL and SIGN_IN_PASSWORD for another account. Prints p50/p95 of the whole sign-in, of
// the password post alone, and of a wrong password for a known and an unknown email (the two must
// cost the same, or the time tells which emails have an account).
export {};

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 30);
const email = process.env.SIGN_IN_EMAIL ?? 'instructor@demo.test';
const password = process.env.SIGN_IN_PASSWORD ?? 'demo-password';

class Browser {
  cookies = new Map<string, string>();

  async request(method: string, url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    // Each request its own remote address as far as the server's limits go: the bench measures
    // cost, not the limits (a production start behind no proxy counts the loopback address).
    const response = await fetch(new URL(url, base), {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index).trim(), value);
    }
    return response;
  }

  /** Follows redirects on this server until a page, the provider's form or /login. */
  async follow(url: string): Promise<{ response: Response; location: string }> {
    let location = url;
    let response = await this.request('GET', location);
    while (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get('location') ?? '', new URL(location, base)).toString();
      if (new URL(location).pathname === '/login') break;
      await response.arrayBuffer();
      response = await this.request('GET', location);
    }
    return { response, location };
  }
}

/** Opens the provider's form; answers the browser and the form's action. */
async function openForm(): Promise<{ browser: Browser; action: string }> {
  const browser = new Browser();
  const start = await browser.request('POST', '/api/users/auth/auth0', {});
  const { response } = await browser.follow(start.headers.get('location') ?? '');
  const action = /action="([^"]+)"/.exec(await response.text())?.[1];
  if (!action) throw new Error(`No sign-in form (status ${response.status})`);
  return { browser, action: action.replace(/&amp;/g, '&') };
}

async function signIn(): Promise<{ total: number; post: number }> {
  const started = performance.now();
  const { browser, action } = await openForm();
  const posted = performance.now();
  const submitted = await browser.request('POST', action, { email, password });
  const post = performance.now() - posted;
  if (submitted.status !== 303) throw new Error(`Sign-in refused: ${submitted.status} ${(await submitted.text()).slice(0, 200)}`);
  const { location } = await browser.follow(submitted.headers.get('location') ?? '');
  if (!location.includes('logged_in=true') || !browser.cookies.get('user_token')) throw new Error(`No token: ${location}`);
  return { total: performance.now() - started, post };
}

async function wrongPassword(who: string): Promise<number> {
  const { browser, action } = await openForm();
  const started = performance.now();
  const response = await browser.request('POST', action, { email: who, password: 'not-the-password-1' });
  await response.text();
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const line = (label: string, values: number[]) =>
  console.log(`${label.padEnd(34)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(5)} ms   (n=${values.length})`);

await signIn(); // warm: the provider's discovery and the first scrypt
const totals: number[] = [];
const posts: number[] = [];
for (let i = 0; i < runs; i++) {
  const { total, post } = await signIn();
  totals.push(total);
  posts.push(post);
}
// Wrong passwords, a few only: the per-account limit would lock the account before long.
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < 4; i++) {
  known.push(await wrongPassword(email));
  unknown.push(await wrongPassword(`nobody-${i}-${Date.now()}@example.org`));
}
console.log(`sign-in over HTTP at ${base}, ${email}`);
line('correct sign-in, whole flow', totals);
line('password post alone', posts);
line('wrong password, known email', known);
line('wrong password, unknown email', unknown);
