import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { currentUserQuery } from '../../features/auth/api.ts';
import { appConfigQuery } from '../../lib/app-config.ts';
import { useSessionUser } from '../../lib/session.ts';
import { navigationFor } from '../../lib/site-map/navigation.ts';
import { usePageMatch } from '../../lib/site-map/page-match.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { canSeeApiKeys } from './account-links.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { mobileMenuLevels } from './mobile-menu-levels.ts';
import { MobileSearchBar } from './mobile-search-bar.tsx';
import { PageFooter } from './page-footer.tsx';
import { QuickAdd } from './quick-add.tsx';
import classes from './shell.module.css';

/** The page shell of every signed-in route (SPEC section 2, Page shell). */
export function Component() {
  const user = useSessionUser();
  const config = useQuery(appConfigQuery).data;
  const currentUser = useQuery({ ...currentUserQuery, enabled: user !== null }).data;
  const mobile = useIsMobile();
  const match = usePageMatch();
  const [menuOpened, menu] = useDisclosure(false);

  // Signed out in another tab, or by the shared handler.
  if (!user) return <Navigate to="/login" replace />;

  const flags = { interestTracking: config?.features.interest_tracking ?? false };
  const navigation = navigationFor(user, flags);
  const background = currentUser?.background_image_url ?? config?.default_background_image_url;

  return (
    <div className={classes.page} style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <div className={classes.frame}>
        {mobile ? (
          <>
            <MobileHeader menuOpened={menuOpened} onMenu={menu.toggle} />
            {match?.page.id === 'students' && <MobileSearchBar />}
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
