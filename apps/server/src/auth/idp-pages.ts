/** The built-in provider's own pages: plain HTML, a local stylesheet, nothing loaded from outside. */
import { passwordMinLength } from './password-rules.ts';

/** Under every new-password field: what the rules of password-rules.ts ask, before anyone is refused. */
export const newPasswordHelp =
  'A few words you will remember make a good password; one that is common, or that you use on another site, does not.';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function layout(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Student Records System</title>
<link rel="stylesheet" href="/idp-assets/idp.css">
${script ? `<script src="/idp-assets/${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<h1>Student Records System</h1>
${body}
</main>
</body>
</html>`;
}

export type LoginPageOptions = {
  action: string;
  email?: string;
  error?: string;
  demoAccounts: readonly string[];
  demoPassword: string | null;
};

export function loginPage(options: LoginPageOptions): string {
  const demo =
    options.demoAccounts.length > 0
      ? `<section class="demo" aria-label="Demo accounts"><h2>Demo accounts</h2><ul>${options.demoAccounts
          .map((email) => `<li><code>${escapeHtml(email)}</code></li>`)
          .join(
            '',
          )}</ul>${options.demoPassword ? `<p>Password: <code>${escapeHtml(options.demoPassword)}</code></p>` : ''}</section>`
      : '';
  return layout(
    'Sign in',
    `<h2>Sign in</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(options.email ?? '')}" autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
${demo}`,
  );
}

export type CodePageOptions = { action: string; pending: string; error?: string };

/** The second step of signing in, for someone whose second factor is on (docs/decisions/016). */
export function codePage(options: CodePageOptions): string {
  return layout(
    'Sign in: code',
    `<h2>Enter your code</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<input type="hidden" name="pending" value="${escapeHtml(options.pending)}">
<label for="code">Code from your authenticator app</label>
<input id="code" name="code" type="text" required inputmode="numeric" autocomplete="one-time-code" maxlength="20" autofocus aria-describedby="code-help">
<p id="code-help" class="help">Or one of your recovery codes, if you do not have the app with you.</p>
<button type="submit">Sign in</button>
</form>
<p><a href="/login">Start again</a></p>`,
  );
}

/** RP-initiated logout: the provider's form is submitted by a same-origin script. */
export function logoutPage(form: string): string {
  return layout(
    'Signing out',
    `<p>Signing you out…</p>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>`,
    'auto-submit-logout.js',
  );
}

export function errorPage(message: string): string {
  return layout(
    'Sign-in problem',
    `<p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/login">Back to sign in</a></p>`,
  );
}

export type PasswordPageOptions = { action: string; email?: string; error?: string; done?: boolean };

export function passwordPage(options: PasswordPageOptions): string {
  if (options.done) {
    return layout(
      'Password changed',
      `<p class="success" role="status">Your password has been changed.</p><p><a href="/">Back to the Student Records System</a></p>`,
    );
  }
  return layout(
    'Change password',
    `<h2>Change password</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(options.email ?? '')}">
<label for="current_password">Current password</label>
<input id="current_password" name="current_password" type="password" required autocomplete="current-password">
<label for="code">Code from your authenticator app</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="20" aria-describedby="code-help">
<p id="code-help" class="help">Only if you turned the second factor on; or one of your recovery codes.</p>
<label for="password">New password (at least ${passwordMinLength} characters)</label>
<input id="password" name="password" type="password" required minlength="${passwordMinLength}" autocomplete="new-password" aria-describedby="password-help">
<p id="password-help" class="help">${newPasswordHelp}</p>
<label for="password_confirmation">Confirm new password</label>
<input id="password_confirmation" name="password_confirmation" type="password" required minlength="${passwordMinLength}" autocomplete="new-password">
<button type="submit">Change password</button>
</form>
<p><a href="/">Back to the Student Records System</a></p>`,
  );
}

export const idpStylesheet = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef2f6;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
.card{width:min(420px,calc(100vw - 32px));background:#fff;border-radius:10px;box-shadow:0 4px 24px rgba(15,23,42,.12);padding:28px 28px 20px}
h1{font-size:1.35rem;margin:0 0 8px;color:#1c4f82}
h2{font-size:1.1rem;margin:12px 0}
label{display:block;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #b8c2cc;border-radius:6px;font-size:1rem}
input:focus{outline:3px solid #9cc3f0;border-color:#1c6fc4}
button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:6px;background:#1c6fc4;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:hover{background:#155a9f}
.error{color:#b42318;background:#fef3f2;border:1px solid #fecdca;border-radius:6px;padding:8px 10px}
.success{color:#05603a;background:#ecfdf3;border:1px solid #abefc6;border-radius:6px;padding:8px 10px}
.demo{margin-top:22px;padding-top:10px;border-top:1px solid #e4e7eb;font-size:.9rem}
.demo ul{padding-left:18px;margin:6px 0}
code{background:#f1f5f9;padding:1px 5px;border-radius:4px}
.help{font-size:.9rem;color:#52606d;margin:6px 0 0}
`;

export const autoSubmitLogoutScript = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();});`;
