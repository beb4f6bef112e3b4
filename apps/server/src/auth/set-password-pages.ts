/** The built-in provider's page for a welcome link: set a password once (plain HTML, the provider's stylesheet). */
import { escapeHtml, layout, newPasswordHelp } from './idp-pages.ts';
import { passwordMaxLength, passwordMinLength } from './password-rules.ts';

export type LinkProblem = 'unknown' | 'used' | 'expired';

const problems: Record<LinkProblem, { title: string; text: string }> = {
  unknown: {
    title: 'This link is not valid',
    text: 'The link may have been copied only in part, or a newer welcome email replaced it.',
  },
  used: {
    title: 'This link has already been used',
    text: 'A password was set with it. Sign in with your email address and that password.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Welcome links work for 7 days.',
  },
};

/** A used, expired or unknown link: what happened and what to do next. */
export function linkProblemPage(problem: LinkProblem): string {
  const { title, text } = problems[problem];
  return layout(
    title,
    `<h2>${escapeHtml(title)}</h2>
<p class="error" role="alert">${escapeHtml(text)}</p>
<p>If you have not set a password yet, ask your coordinator to send you a new welcome email.</p>
<p><a href="/login">Go to sign in</a></p>`,
  );
}

export type SetPasswordPageOptions = { action: string; email: string; error?: string };

export function setPasswordPage(options: SetPasswordPageOptions): string {
  return layout(
    'Set your password',
    `<h2>Set your password</h2>
<p>Welcome! Choose the password you will sign in with.</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" readonly autocomplete="username" value="${escapeHtml(options.email)}">
<label for="password">New password (at least ${passwordMinLength} characters)</label>
<input id="password" name="password" type="password" required minlength="${passwordMinLength}" maxlength="${passwordMaxLength}" autocomplete="new-password" autofocus aria-describedby="password-help">
<p id="password-help" class="help">${newPasswordHelp}</p>
<label for="password_confirmation">Confirm new password</label>
<input id="password_confirmation" name="password_confirmation" type="password" required minlength="${passwordMinLength}" maxlength="${passwordMaxLength}" autocomplete="new-password">
<button type="submit">Set password</button>
</form>`,
  );
}

export function passwordSetPage(email: string): string {
  return layout(
    'Password set',
    `<p class="success" role="status">Your password is set. Sign in with ${escapeHtml(email)} and your new password.</p>
<p><a href="/login">Go to sign in</a></p>`,
  );
}
