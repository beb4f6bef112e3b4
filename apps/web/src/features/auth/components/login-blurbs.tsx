import { SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileExport, IconProgressCheck } from '@tabler/icons-react';

const blurbs = [
  {
    title: 'View Progress',
    text: "View students' progress through Bible study guides.",
    icon: IconProgressCheck,
  },
  {
    title: 'Detailed Reports',
    text: 'Run detailed reports filtered by course and lesson type.',
    icon: IconChartBar,
  },
  { title: 'Export Data', text: 'Export data to CSV or Excel.', icon: IconFileExport },
] as const;

/** The login footer, on screens of small size and above (SPEC section 2). */
export function LoginBlurbs() {
  return (
    <SimpleGrid component="footer" cols={3} spacing="lg" visibleFrom="sm" maw={880} w="100%">
      {blurbs.map(({ title, text, icon: Icon }) => (
        <div key={title}>
          <ThemeIcon size="lg" variant="light" mb="xs" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Title order={2} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
