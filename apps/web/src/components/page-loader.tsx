import { Center, Loader } from '@mantine/core';
import { componentsText } from './text.ts';

export function PageLoader() {
  const t = componentsText.useT();
  return (
    <Center mih="60vh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
