import { withNodes } from '../../../i18n/rich-text.ts';
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { authText } from '../text.ts';

// The request form (a school picker, the signup schema) loads when it is asked for: the sign-in
// page paints without it.
const AccountRequestForm = lazy(async () => ({
  default: (await import('./account-request-form.tsx')).AccountRequestForm,
}));

/**
 * SPEC section 1: accounts are not self-service. 'Need an account?' opens a request to the
 * school's coordinators, who approve or decline it (issue 9 section 5).
 */
export function NeedAnAccount({ supportEmail }: { supportEmail: string | undefined }) {
  const t = authText.useT();
  const [asking, setAsking] = useState(false);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('needAccount')}
      </Text>
      <Text size="sm">{t('contactCoordinator')}</Text>
      {asking ? (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          }
        >
          <AccountRequestForm onClose={() => setAsking(false)} />
        </Suspense>
      ) : (
        <Button variant="light" onClick={() => setAsking(true)}>
          {t('askForAccount')}
        </Button>
      )}
      <Text size="sm">
        {withNodes((marks) => t('coordinatorsContact', marks), {
          support: supportEmail ? <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor> : t('schoolSupport'),
        })}
      </Text>
    </Stack>
  );
}
