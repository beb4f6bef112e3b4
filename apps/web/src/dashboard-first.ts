import { startDashboardFirst } from './lib/dashboard-first.ts';

// The dashboard page's first script, a classic one in its head (build-plugins/landing-pages.ts).
startDashboardFirst();
