import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MobileMenu } from '../src/app/shell/mobile-menu.tsx';
import { mobileMenuLevels } from '../src/app/shell/mobile-menu-levels.ts';
import { mainNavigation } from '../src/lib/site-map/navigation.ts';
import { pageMatchAt } from './site-map-support.tsx';
import { jsonResponse, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

const { goTo } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderMenu(onClose = vi.fn()) {
  const menu = mobileMenuLevels(pageMatchAt('/'), {
    navigation: mainNavigation,
    trainingUrl: 'https://training.test',
    userName: 'Ida Instructor',
    apiKeys: false,
  });
  render(
    <MemoryRouter>
      <MobileMenu opened onClose={onClose} {...menu} />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
  return onClose;
}

describe('the phone menu (SPEC section 2: the user menu on phones)', () => {
  it('offers My Account and Settings as links, apart from the main navigation', async () => {
    renderMenu();
    const account = await screen.findByRole('group', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/my-account');
    expect(within(account).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account/settings');
    expect(within(account).queryByRole('link', { name: 'API Keys' })).toBeNull();
    const main = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(main).queryByRole('link', { name: 'My Account' })).toBeNull();
  });

  it('Change Password fetches the reset link and goes to it', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ reset_url: 'http://idp.test/reset/abc' }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = renderMenu();
    const account = await screen.findByRole('group', { name: 'Account' });
    await userEvent.click(within(account).getByRole('button', { name: 'Change Password' }));
    expect(onClose).toHaveBeenCalled();
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('http://idp.test/reset/abc'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/password_reset_url');
  });
});
