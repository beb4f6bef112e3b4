import { accountMessages, mfaMessages } from '@srs/shared/account';
import { messages, renewedTokenHeader } from '@srs/shared/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecondFactor } from '../src/features/account/components/second-factor.tsx';
import { getToken, setToken } from '../src/lib/session.ts';
import { instructor, jsonResponse, makeToken, mockJsonApi, Wrapper } from './support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' };
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `k7q2-9fxm-c4hd-w8t${i}`);

/** The setup as the user reaches it: Set up, then the code and the password typed. */
async function typeCodeAndPassword(code: string, password: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Set up a second factor' }));
  await userEvent.type(await screen.findByLabelText('Code from the app'), code);
  await userEvent.type(screen.getByLabelText(/Current password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
}

describe('turning the second factor on', () => {
  it('sends the code and the password; the answer renews the token and shows the recovery codes', async () => {
    setToken(makeToken(instructor, Math.floor(Date.now() / 1000) + 60));
    const renewed = makeToken();
    const api = mockJsonApi({
      'POST /users/current/mfa': () => setup,
      'POST /users/current/mfa/confirm': () => {
        const answer = jsonResponse({ recovery_codes: recoveryCodes });
        answer.headers.set(renewedTokenHeader, renewed);
        return answer;
      },
    });
    render(<SecondFactor enabled={false} />, { wrapper: Wrapper });
    await typeCodeAndPassword(' 123456 ', 'demo-password');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(api.callsTo('POST', '/users/current/mfa/confirm')[0]?.body).toEqual({ code: '123456', current_password: 'demo-password' });
    expect(getToken()).toBe(renewed);
  });

  it('asks for both fields before sending', async () => {
    const api = mockJsonApi({ 'POST /users/current/mfa': () => setup });
    render(<SecondFactor enabled={false} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Set up a second factor' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findAllByText(messages.fieldRequired)).toHaveLength(2);
    expect(api.callsTo('POST', '/users/current/mfa/confirm')).toHaveLength(0);
  });

  it.each([
    [{ current_password: [accountMessages.passwordWrong] }, /Current password/, 'Current password is not correct'],
    [{ code: [mfaMessages.wrongCode] }, 'Code from the app', `Code ${mfaMessages.wrongCode}`],
  ])('shows a refused %o at its field, keeping what was typed', async (body, label, text) => {
    mockJsonApi({
      'POST /users/current/mfa': () => setup,
      'POST /users/current/mfa/confirm': () => jsonResponse(body, 422, 'Unprocessable Entity'),
    });
    render(<SecondFactor enabled={false} />, { wrapper: Wrapper });
    await typeCodeAndPassword('123456', 'a-guess');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(screen.getByLabelText(/Current password/)).toHaveValue('a-guess');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the sentence of a 429, not its status text', async () => {
    const sentence = 'Too many wrong passwords. Please wait 15 minutes and try again.';
    mockJsonApi({
      'POST /users/current/mfa': () => setup,
      'POST /users/current/mfa/confirm': () => jsonResponse({ error: sentence }, 429, 'Too Many Requests'),
    });
    render(<SecondFactor enabled={false} />, { wrapper: Wrapper });
    await typeCodeAndPassword('123456', 'a-guess');
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByText('Too Many Requests')).not.toBeInTheDocument();
  });
});
