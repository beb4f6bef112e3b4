import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

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
  const [asking, setAsking] = useState(false);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Need an account?
      </Text>
      <Text size="sm">Please contact your coordinator, or ask your school for one here.</Text>
      {asking ? (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <AccountRequestForm onClose={() => setAsking(false)} />
        </Suspense>
      ) : (
        <Button variant="light" onClick={() => setAsking(true)}>
          Ask for an account
        </Button>
      )}
      <Text size="sm">
        Coordinators, please contact{' '}
        {supportEmail ? <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor> : 'school support'}.
      </Text>
    </Stack>
  );
}
