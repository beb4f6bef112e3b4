/**
 * The built-in provider's own pages: plain HTML, a local stylesheet, nothing loaded from outside.
 * Each page is drawn in the reader's language (issue 29): the person's own when they are known,
 * else their browser's (idp-words.ts pageLanguage), with its words from locales/idp.*.json.
 */
import { groupedNumber } from '@srs/shared/numbers';
import { type IdpKey, idpText, type Language, type Values } from './idp-words.ts';
import { passwordMinLength } from './password-rules.ts';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A message of the catalogue, escaped for HTML (its values with it). */
export const idpHtml = (language: Language, key: IdpKey, values?: Values) => escapeHtml(idpText(language, key, values));

export function layout(language: Language, title: string, body: string, script?: string): string {
  const app = idpHtml(language, 'appName');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${app}</title>
<link rel="stylesheet" href="/idp-assets/idp.css">
${script ? `<script src="/idp-assets/${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<h1>${app}</h1>
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

/** 'New password (at least 12 characters)', the label of a new-password field. */
export const newPasswordLabel = (language: Language) => idpHtml(language, 'newPassword', { min: groupedNumber(passwordMinLength) });

export function loginPage(options: LoginPageOptions, language: Language = 'en'): string {
  const t = (key: IdpKey) => idpHtml(language, key);
  const demo =
    options.demoAccounts.length > 0
      ? `<section class="demo" aria-label="${t('demoAccounts')}"><h2>${t('demoAccounts')}</h2><ul>${options.demoAccounts
          .map((email) => `<li><code>${escapeHtml(email)}</code></li>`)
          .join(
            '',
          )}</ul>${options.demoPassword ? `<p>${t('demoPassword')} <code>${escapeHtml(options.demoPassword)}</code></p>` : ''}</section>`
      : '';
  return layout(
    language,
    idpText(language, 'signIn'),
    `<h2>${t('signIn')}</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(options.email ?? '')}" autofocus>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">${t('signIn')}</button>
</form>
${demo}`,
  );
}

export type CodePageOptions = { action: string; pending: string; error?: string };

/** The second step of signing in, for someone whose second factor is on (docs/decisions/016). */
export function codePage(options: CodePageOptions, language: Language = 'en'): string {
  const t = (key: IdpKey) => idpHtml(language, key);
  return layout(
    language,
    idpText(language, 'codeTitle'),
    `<h2>${t('codeHeading')}</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<input type="hidden" name="pending" value="${escapeHtml(options.pending)}">
<label for="code">${t('codeLabel')}</label>
<input id="code" name="code" type="text" required inputmode="numeric" autocomplete="one-time-code" maxlength="20" autofocus aria-describedby="code-help">
<p id="code-help" class="help">${t('codeHelp')}</p>
<button type="submit">${t('signIn')}</button>
</form>
<p><a href="/login">${t('startAgain')}</a></p>`,
  );
}

/** RP-initiated logout: the provider's form is submitted by a same-origin script. */
export function logoutPage(form: string, language: Language = 'en'): string {
  const t = (key: IdpKey) => idpHtml(language, key);
  return layout(
    language,
    idpText(language, 'signingOutTitle'),
    `<p>${t('signingOut')}</p>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">${t('signOut')}</button>`,
    'auto-submit-logout.js',
  );
}

export function errorPage(message: string, language: Language = 'en'): string {
  return layout(
    language,
    idpText(language, 'problemTitle'),
    `<p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/login">${idpHtml(language, 'backToSignIn')}</a></p>`,
  );
}

export type PasswordPageOptions = { action: string; email?: string; error?: string; done?: boolean };

export function passwordPage(options: PasswordPageOptions, language: Language = 'en'): string {
  const t = (key: IdpKey) => idpHtml(language, key);
  if (options.done) {
    return layout(
      language,
      idpText(language, 'passwordChangedTitle'),
      `<p class="success" role="status">${t('passwordChanged')}</p><p><a href="/">${t('backToApp')}</a></p>`,
    );
  }
  return layout(
    language,
    idpText(language, 'changePassword'),
    `<h2>${t('changePassword')}</h2>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(options.email ?? '')}">
<label for="current_password">${t('currentPassword')}</label>
<input id="current_password" name="current_password" type="password" required autocomplete="current-password">
<label for="code">${t('codeLabel')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="20" aria-describedby="code-help">
<p id="code-help" class="help">${t('passwordCodeHelp')}</p>
<label for="password">${newPasswordLabel(language)}</label>
<input id="password" name="password" type="password" required minlength="${passwordMinLength}" autocomplete="new-password" aria-describedby="password-help">
<p id="password-help" class="help">${t('newPasswordHelp')}</p>
<label for="password_confirmation">${t('confirmPassword')}</label>
<input id="password_confirmation" name="password_confirmation" type="password" required minlength="${passwordMinLength}" autocomplete="new-password">
<button type="submit">${t('changePassword')}</button>
</form>
<p><a href="/">${t('backToApp')}</a></p>`,
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
