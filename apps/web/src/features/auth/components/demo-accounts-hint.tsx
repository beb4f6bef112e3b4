import { withNodes } from '../../../i18n/rich-text.ts';
import { Alert, Code, List, Text } from '@mantine/core';
import { authText } from '../text.ts';

type Props = { accounts: readonly string[]; password: string | null };

/** Demo mode: the seeded accounts and their password, so a visitor can sign in. */
export function DemoAccountsHint({ accounts, password }: Props) {
  const t = authText.useT();
  if (accounts.length === 0) return null;
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
          {withNodes((marks) => t('password', marks), { password: <Code>{password}</Code> })}
        </Text>
      )}
    </Alert>
  );
}
