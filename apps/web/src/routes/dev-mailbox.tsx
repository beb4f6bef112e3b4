import { Grid, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { queryClient } from '../app/query-client.ts';
import { loadFirst } from '../lib/offline/load-first.ts';
import { PageHeader } from '../components/page-header.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { mailboxQuery, mailText } from '../features/mail/api.ts';
import { MailList } from '../features/mail/components/mail-list.tsx';
import { MailView } from '../features/mail/components/mail-view.tsx';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** A global admin only, and only without a mail server: anything else shows the error panel. */
export async function loader() {
  await loadFirst(() => queryClient.ensureQueryData(mailboxQuery()));
  return null;
}

/** /dev/mailbox: the mail the product would have sent, while no SMTP server is configured. */
export function Component() {
  const t = mailText.useT();
  const mailbox = useQuery(mailboxQuery());
  const mobile = useIsMobile();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const messages = mailbox.data?.messages ?? [];
  const selected = messages.find((message) => message.id === chosenId) ?? messages[0] ?? null;
  const select = (id: number) => {
    setChosenId(id);
    // On a phone the message sits under the list.
    if (mobile) messageRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const refresh = {
    label: t('refresh'),
    icon: <IconRefresh size={18} aria-hidden />,
    onClick: () => void mailbox.refetch(),
    loading: mailbox.isFetching,
  };

  return (
    <>
      <PageHeader title={t('title')} actions={[refresh]} />
      {!mailbox.data ? (
        <PageLoader />
      ) : messages.length === 0 ? (
        <Paper withBorder p="lg">
          <Text c="dimmed" ta="center">
            {t('noMail')}
          </Text>
        </Paper>
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder mah={mobile ? 360 : 640} style={{ overflowY: 'auto' }}>
              <MailList messages={messages} selectedId={selected?.id ?? null} onSelect={select} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="md" ref={messageRef}>
              {selected && <MailView message={selected} />}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
