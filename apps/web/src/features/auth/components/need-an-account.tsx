import { Anchor, Stack, Text } from '@mantine/core';

/** SPEC section 1: accounts are not self-service. */
export function NeedAnAccount({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Need an account?
      </Text>
      <Text size="sm">Please contact your coordinator.</Text>
      <Text size="sm">
        Coordinators, please contact{' '}
        {supportEmail ? <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor> : 'school support'}.
      </Text>
    </Stack>
  );
}
