import { Alert, Code, List, Text } from '@mantine/core';

type Props = { accounts: readonly string[]; password: string | null };

/** Demo mode: the seeded accounts and their password, so a visitor can sign in. */
export function DemoAccountsHint({ accounts, password }: Props) {
  if (accounts.length === 0) return null;
  return (
    <Alert variant="light" color="gray" title="Demo accounts">
      <List size="sm" spacing={2}>
        {accounts.map((account) => (
          <List.Item key={account}>
            <Code>{account}</Code>
          </List.Item>
        ))}
      </List>
      {password && (
        <Text size="sm" mt="xs">
          Password: <Code>{password}</Code>
        </Text>
      )}
    </Alert>
  );
}
