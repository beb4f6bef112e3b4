/** The built-in provider's page for a welcome link: set a password once (plain HTML, the provider's stylesheet). */
import { escapeHtml, idpHtml, layout, newPasswordLabel } from './idp-pages.ts';
import { type IdpKey, idpText, type Language } from './idp-words.ts';
import { passwordMaxLength, passwordMinLength } from './password-rules.ts';
import { welcomeLinkDays } from './welcome-link.ts';

export type LinkProblem = 'unknown' | 'used' | 'expired';

const problems: Record<LinkProblem, { title: IdpKey; text: IdpKey }> = {
  unknown: { title: 'linkUnknownTitle', text: 'linkUnknown' },
  used: { title: 'linkUsedTitle', text: 'linkUsed' },
  expired: { title: 'linkExpiredTitle', text: 'linkExpired' },
};

/** A used, expired or unknown link: what happened and what to do next. */
export function linkProblemPage(problem: LinkProblem, language: Language = 'en'): string {
  const { title, text } = problems[problem];
  const t = (key: IdpKey) => idpHtml(language, key, { days: welcomeLinkDays });
  return layout(
    language,
    idpText(language, title),
    `<h2>${t(title)}</h2>
<p class="error" role="alert">${t(text)}</p>
<p>${t('linkHelp')}</p>
<p><a href="/login">${t('goToSignIn')}</a></p>`,
  );
}

export type SetPasswordPageOptions = { action: string; email: string; error?: string };

export function setPasswordPage(options: SetPasswordPageOptions, language: Language = 'en'): string {
  const t = (key: IdpKey) => idpHtml(language, key);
  return layout(
    language,
    idpText(language, 'setPasswordTitle'),
    `<h2>${t('setPasswordTitle')}</h2>
<p>${t('setPasswordWelcome')}</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" readonly autocomplete="username" value="${escapeHtml(options.email)}">
<label for="password">${newPasswordLabel(language)}</label>
<input id="password" name="password" type="password" required minlength="${passwordMinLength}" maxlength="${passwordMaxLength}" autocomplete="new-password" autofocus aria-describedby="password-help">
<p id="password-help" class="help">${t('newPasswordHelp')}</p>
<label for="password_confirmation">${t('confirmPassword')}</label>
<input id="password_confirmation" name="password_confirmation" type="password" required minlength="${passwordMinLength}" maxlength="${passwordMaxLength}" autocomplete="new-password">
<button type="submit">${t('setPassword')}</button>
</form>`,
  );
}

export function passwordSetPage(email: string, language: Language = 'en'): string {
  return layout(
    language,
    idpText(language, 'passwordSetTitle'),
    `<p class="success" role="status">${idpHtml(language, 'passwordSet', { email })}</p>
<p><a href="/login">${idpHtml(language, 'goToSignIn')}</a></p>`,
  );
}
