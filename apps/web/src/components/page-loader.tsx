import { Center, Loader, Text } from '@mantine/core';
import { useOnline } from '../lib/offline/use-online.ts';
import { componentsText } from './text.ts';

/** A page loading; without a signal, a page the phone did not keep says so instead of spinning (issue 30). */
export function PageLoader() {
  const t = componentsText.useT();
  const online = useOnline();
  if (!online) {
    return (
      <Center mih="40vh" px="md">
        <Text ta="center" maw={420} role="status">
          {t('notOnPhone')}
        </Text>
      </Center>
    );
  }
  return (
    <Center mih="60vh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
