import { Alert, Code, List, Text } from '@mantine/core';
import { around, authText } from '../text.ts';

type Props = { accounts: readonly string[]; password: string | null };

/** Demo mode: the seeded accounts and their password, so a visitor can sign in. */
export function DemoAccountsHint({ accounts, password }: Props) {
  const t = authText.useT();
  if (accounts.length === 0) return null;
  const [before, after] = around((mark) => t('password', { password: mark }));
  return (
    <Alert variant="light" color="gray" title={t('demoAccounts')}>
      <List size="sm" spacing={2}>
        {accounts.map((account) => (
          <List.Item key={account}>
            <Code>{account}</Code>
          </List.Item>
        ))}
      </List>
      {password && (
        <Text size="sm" mt="xs">
          {before}
          <Code>{password}</Code>
          {after}
        </Text>
      )}
    </Alert>
  );
}
