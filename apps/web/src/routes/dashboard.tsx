import { useIsMobile } from '../lib/use-is-mobile.ts';
import { DashboardDesktop } from './dashboard-desktop.tsx';
import { DashboardMobile } from './dashboard-mobile.tsx';

export function Component() {
  return useIsMobile() ? <DashboardMobile /> : <DashboardDesktop />;
}
