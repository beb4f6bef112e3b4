import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { currentUserQuery } from '../../features/auth/api.ts';
import { OfflineStatus } from '../../features/offline/offline-status.tsx';
import { appConfigQuery } from '../../lib/app-config.ts';
import { usePictureUrl } from '../../lib/picture-url.ts';
import { useSessionUser } from '../../lib/session.ts';
import { navigationFor } from '../../lib/site-map/navigation.ts';
import { usePageMatch } from '../../lib/site-map/page-match.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { canSeeApiKeys } from './account-links.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { mobileMenuLevels } from './mobile-menu-levels.ts';
import { MobileSearchBar } from './mobile-search-bar.tsx';
import { PageFooter } from './page-footer.tsx';
import { QuickAdd } from './quick-add.tsx';
import classes from './shell.module.css';
import { shellText } from './text.ts';

// The mobile menu (a drawer) loads when it is first opened: a page paints without it.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

/** The page shell of every signed-in route (SPEC section 2, Page shell). */
export function Component() {
  const t = shellText.useT();
  const user = useSessionUser();
  const config = useQuery(appConfigQuery).data;
  const currentUser = useQuery({ ...currentUserQuery, enabled: user !== null }).data;
  const mobile = useIsMobile();
  const match = usePageMatch();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpened && !menuLoaded) setMenuLoaded(true);
  // The user's background (a choice, or their upload), with the default (/account/settings).
  const background = usePictureUrl(currentUser?.background_image_url ?? config?.default_background_image_url);

  // Signed out in another tab, or by the shared handler.
  if (!user) return <Navigate to="/login" replace />;

  const flags = { interestTracking: config?.features.interest_tracking ?? false };
  const navigation = navigationFor(user, flags);

  return (
    <div className={classes.page} style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      <a href="#main" className="visually-hidden">
        {t('skipToContent')}
      </a>
      <div className={classes.frame}>
        {mobile ? (
          <>
            <MobileHeader menuOpened={menuOpened} onMenu={menu.toggle} />
            {match?.page.id === 'students' && <MobileSearchBar />}
            {menuLoaded && (
              <Suspense fallback={null}>
                <MobileMenu
                  opened={menuOpened}
                  onClose={menu.close}
                  {...mobileMenuLevels(match, {
                    navigation,
                    trainingUrl: config?.training_url ?? '#',
                    userName: `${user.first_name} ${user.last_name}`,
                    apiKeys: canSeeApiKeys(user, flags.interestTracking),
                  })}
                />
              </Suspense>
            )}
          </>
        ) : (
          <DesktopHeader
            user={user}
            currentUser={currentUser}
            navigation={navigation}
            trainingUrl={config?.training_url}
            interestTracking={flags.interestTracking}
          />
        )}
        <OfflineStatus />
        <main id="main" className={classes.main} tabIndex={-1}>
          <div className={classes.content}>
            <Outlet />
          </div>
        </main>
        <PageFooter helpGuideUrl={config?.help_guide_url} />
      </div>
      <QuickAdd user={user} />
      {/* A page opened starts at its top; a list keeps its place when only its query changes
          (preventScrollReset in use-list-params.ts). */}
      <ScrollRestoration />
    </div>
  );
}
