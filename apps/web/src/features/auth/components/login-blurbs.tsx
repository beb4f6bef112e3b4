import { SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileExport, IconProgressCheck } from '@tabler/icons-react';
import { authText } from '../text.ts';

const blurbs = [
  { titleKey: 'viewProgress', textKey: 'viewProgressText', icon: IconProgressCheck },
  { titleKey: 'detailedReports', textKey: 'detailedReportsText', icon: IconChartBar },
  { titleKey: 'exportData', textKey: 'exportDataText', icon: IconFileExport },
] as const;

/** The login footer, on screens of small size and above (SPEC section 2). */
export function LoginBlurbs() {
  const t = authText.useT();
  return (
    <SimpleGrid component="footer" cols={3} spacing="lg" visibleFrom="sm" maw={880} w="100%">
      {blurbs.map(({ titleKey, textKey, icon: Icon }) => (
        <div key={titleKey}>
          <ThemeIcon size="lg" variant="light" mb="xs" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Title order={2} size="h5">
            {t(titleKey)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(textKey)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
