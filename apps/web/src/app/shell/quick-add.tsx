import { ActionIcon, Affix } from '@mantine/core';
import type { TokenUser } from '@srs/shared/roles';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { hasDraft } from '../../lib/drafts.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { useScrollingDown } from '../../lib/use-scrolling-down.ts';
import { useTypingOnPage } from '../../lib/use-typing-on-page.ts';
import { newStudentDraftName } from './quick-add-targets.ts';
import { shellText } from './text.ts';

// The modal and its forms (the new student wizard, the record forms) load when Quick Add is first
// reached for: every signed-in page paints without them.
const loadDialog = () => import('./quick-add-dialog.tsx');
const QuickAddDialog = lazy(async () => ({ default: (await loadDialog()).QuickAddDialog }));

/** The floating Quick Add button and its modal; it closes on route change (SPEC section 2). */
export function QuickAdd({ user }: { user: TokenUser }) {
  const t = shellText.useT();
  const location = useLocation();
  // The new-student wizard keeps a draft while it is open (issue 25): after a reload the modal
  // opens again on it, where it was.
  const [resumeWizard] = useState(() => hasDraft(newStudentDraftName, user.id));
  const [opened, setOpened] = useState(resumeWizard);
  const [wanted, setWanted] = useState(resumeWizard);
  // On a phone the keyboard pushes the button up over the field being typed in, and rows scrolling
  // under it would be covered (a lesson's Send): it steps aside for both.
  const mobile = useIsMobile();
  const typing = useTypingOnPage(mobile);
  const scrolling = useScrollingDown(mobile);

  // A route change closes it (SPEC section 2); the page it opened on, after a reload, does not.
  const [shownKey, setShownKey] = useState(location.key);
  if (shownKey !== location.key) {
    setShownKey(location.key);
    setOpened(false);
  }

  const show = () => {
    setWanted(true);
    setOpened(true);
  };

  return (
    <>
      {/* In the page, not in a portal: nothing around it transforms or clips, and a portal mounts a
          moment after the page, a second render that made React run every effect of the first one
          at once (about 25 ms of a slow phone's start in one task). */}
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150} hidden={typing || scrolling} withinPortal={false}>
        <ActionIcon
          size={56}
          radius="xl"
          aria-label={t('quickAdd')}
          onClick={show}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          variant="filled"
          color="blue"
        >
          <IconPlus size={28} aria-hidden />
        </ActionIcon>
      </Affix>
      {wanted && (
        <Suspense fallback={null}>
          <QuickAddDialog user={user} opened={opened} onClose={() => setOpened(false)} resumeWizard={resumeWizard} />
        </Suspense>
      )}
    </>
  );
}
