import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchServiceWorker, type WorkerSides } from '../src/app/service-worker.ts';
import { ToastContainers } from '../src/app/toast-containers.tsx';
import { showUpdateNotice } from '../src/app/update-notice.tsx';
import { switchLanguage } from '../src/i18n/load.ts';
import { Wrapper } from './support.tsx';

// Issue 30: a new release is picked up on the next visit with a 'New version: reload' notice
// (docs/decisions/028). The browser's side is faked: a worker's states and events come when a test
// says so.

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => {});
  /** The browser found a new release: it installs, then waits. */
  found(worker = new FakeWorker()) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

function fakeBrowser({ controlled, waiting }: { controlled: boolean; waiting?: boolean }) {
  const registration = new FakeRegistration();
  if (waiting) registration.waiting = new FakeWorker();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration),
  });
  let visible = () => {};
  let reloadNotice: (() => void) | undefined;
  const sides: WorkerSides = {
    container: container as unknown as WorkerSides['container'],
    showNotice: vi.fn((reload: () => void) => {
      reloadNotice = reload;
    }),
    reload: vi.fn(),
    onVisible: (check) => {
      visible = check;
    },
  };
  return {
    registration,
    container,
    sides,
    /** The worker takes charge of the page (clients.claim, or a release's skipWaiting). */
    takeCharge() {
      container.controller = {} as ServiceWorker;
      container.dispatchEvent(new Event('controllerchange'));
    },
    clickReload: () => reloadNotice?.(),
    tabSeenAgain: () => visible(),
  };
}

describe("the worker's page side", () => {
  it('registers /sw.js and shows nothing on a first visit, when the first worker takes charge', async () => {
    const browser = fakeBrowser({ controlled: false });
    await watchServiceWorker(browser.sides);
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js');
    const worker = browser.registration.found();
    browser.registration.installed(worker);
    browser.takeCharge();
    expect(browser.sides.showNotice).not.toHaveBeenCalled();
    expect(browser.sides.reload).not.toHaveBeenCalled();
  });

  it('offers a release found while the page is open; Reload lets it take over, then the page loads again once', async () => {
    const browser = fakeBrowser({ controlled: true });
    await watchServiceWorker(browser.sides);
    const worker = browser.registration.found();
    expect(browser.sides.showNotice).not.toHaveBeenCalled();
    browser.registration.installed(worker);
    expect(browser.sides.showNotice).toHaveBeenCalledTimes(1);
    browser.clickReload();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(browser.sides.reload).not.toHaveBeenCalled();
    browser.takeCharge();
    browser.takeCharge();
    expect(browser.sides.reload).toHaveBeenCalledTimes(1);
  });

  it('offers a release that was already waiting when the page opened', async () => {
    const browser = fakeBrowser({ controlled: true, waiting: true });
    await watchServiceWorker(browser.sides);
    expect(browser.sides.showNotice).toHaveBeenCalledTimes(1);
    browser.clickReload();
    expect(browser.registration.waiting?.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it("offers to reload when another tab's Reload brought the release, and reloads at once then", async () => {
    const browser = fakeBrowser({ controlled: true });
    await watchServiceWorker(browser.sides);
    browser.takeCharge();
    expect(browser.sides.reload).not.toHaveBeenCalled();
    expect(browser.sides.showNotice).toHaveBeenCalledTimes(1);
    browser.clickReload();
    expect(browser.sides.reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a release each time the tab is seen again', async () => {
    const browser = fakeBrowser({ controlled: true });
    await watchServiceWorker(browser.sides);
    browser.tabSeenAgain();
    browser.tabSeenAgain();
    expect(browser.registration.update).toHaveBeenCalledTimes(2);
    // Offline the look fails, quietly.
    browser.registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(() => browser.tabSeenAgain()).not.toThrow();
  });
});

describe("the 'New version' notice", () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('says so with a Reload button, stays until used, and shows once however often it is offered', async () => {
    const reload = vi.fn();
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => showUpdateNotice(reload));
    act(() => showUpdateNotice(reload));
    expect(await screen.findByText('A new version of the app is ready.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is in Spanish for those who read Spanish', async () => {
    await act(() => switchLanguage('es'));
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => showUpdateNotice(() => {}));
    expect(await screen.findByText('Hay una nueva versión de la aplicación.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a cargar' })).toBeInTheDocument();
  });
});
