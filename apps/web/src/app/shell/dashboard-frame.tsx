import { Burger, Center, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBook, IconBook2, IconPresentation, IconUsers } from '@tabler/icons-react';
import tileClasses from '../../components/count-tile.module.css';
import remindersClasses from '../../features/enrollments/components/reminders-due.module.css';
import { remindersText } from '../../features/enrollments/reminders-text.ts';
import { followupLinesAttribute } from '../../lib/dashboard-first.ts';
import { dashboardText, followupWords } from '../../lib/dashboard-text.ts';
import crumbClasses from './breadcrumbs.module.css';
import frameClasses from './dashboard-frame.module.css';
import classes from './shell.module.css';
import { shellText } from './text.ts';

/**
 * The dashboard as it looks before anyone's data has arrived: the page shell's header
 * (mobile-header.tsx, desktop-header.tsx) and the dashboard's headings and tiles, for a phone
 * (below 62em, as `useIsMobile`) and for a desk (CSS shows the one that fits). Written into the dashboard's page at build time (src/prerender.tsx),
 * it paints with the style sheets alone, while the scripts download; the app's first render
 * replaces it. It holds nothing of a user: no names, no links, no counts.
 */
export function DashboardFrame() {
  const t = shellText.useT();
  const d = dashboardText.useT();
  return (
    <div className={classes.page} data-frame="signed-in">
      <div className={classes.frame}>
        <header className={classes.header}>
          <Group hiddenFrom="md" justify="space-between" wrap="nowrap" px="sm" py={2}>
            <span className={classes.brand}>
              <IconBook2 size={22} aria-hidden />
              <span>{t('productShortName')}</span>
            </span>
            <Burger opened={false} aria-hidden tabIndex={-1} size="md" />
          </Group>
          <div className="mantine-visible-from-md">
            {/* As high as the desk header's bars (its search box, then the main navigation): the
                page does not jump down when the app draws them. */}
            <Group justify="space-between" wrap="nowrap" gap="md" mih={58} className={classes.topBar}>
              <span className={classes.brand}>
                <IconBook2 size={26} aria-hidden />
                <span>{t('productName')}</span>
              </span>
            </Group>
            <div className={classes.navBar} style={{ height: 45 }} />
          </div>
        </header>
        <div className={`${classes.crumbs} mantine-hidden-from-md`}>
          {/* As high as mobile-breadcrumbs.tsx draws its crumb: what follows paints where it stays. */}
          <Text size="xs" className={crumbClasses.crumb}>
            {d('crumb')}
          </Text>
        </div>
        <main className={classes.main}>
          <div className={classes.content}>
            <PhoneDashboard />
            <DeskDashboard />
          </div>
        </main>
      </div>
    </div>
  );
}

/** The four tiles every role has, as CountTile draws them while their counts load. */
const tiles = [
  { key: 'courses', Icon: IconBook },
  { key: 'seminars', Icon: IconPresentation },
  { key: 'students', Icon: IconUsers },
  { key: 'followup', Icon: IconBell },
];

/**
 * dashboard-mobile.tsx before its counts arrive: the tiles where they will be (a fifth when this
 * browser's user had one last time), the box of reminders due as high as last time (when some
 * were), then the follow-up list, loading.
 */
function PhoneDashboard() {
  const d = dashboardText.useT();
  const r = remindersText.useT();
  const tile = (Icon: typeof IconBook | null, className?: string, key?: string) => (
    <Paper key={key} withBorder radius="md" p="sm" className={`${tileClasses.tile} ${className ?? ''}`}>
      <Stack gap={2} align="center" justify="center" mih={100}>
        {Icon && <Icon size={22} aria-hidden />}
        <Loader size="sm" />
      </Stack>
    </Paper>
  );
  return (
    <div className="mantine-hidden-from-md">
      <Title order={1} size="h3" mb="sm">
        {d('title')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mb="md">
        {tiles.map(({ key, Icon }) => tile(Icon, undefined, key))}
        {tile(null, frameClasses.fifthTile)}
      </SimpleGrid>
      <Paper withBorder p="xs" mb="md" className={`${remindersClasses.box} ${remindersClasses.phone} ${frameClasses.reminders}`}>
        <Title order={2} size="h5" px="xs" mb={4}>
          {r('remindersDue')}
        </Title>
      </Paper>
      <Paper withBorder p="xs">
        <Title order={2} size="h5" px="xs" mb={4}>
          {d('followupTitle')}
        </Title>
        {/* How many, written here by the page's first script when the list arrives before the app
            (lib/dashboard-first.ts), where dashboard-mobile.tsx writes it. */}
        <Text size="xs" c="dimmed" px="xs" mb={4} hidden {...{ [followupLinesAttribute]: '' }} data-words={JSON.stringify(followupWords())} />
        <Center py="md">
          <Loader size="sm" />
        </Center>
      </Paper>
    </div>
  );
}

/** dashboard-desktop.tsx before its tables arrive. */
function DeskDashboard() {
  const d = dashboardText.useT();
  const r = remindersText.useT();
  return (
    <div className="mantine-visible-from-md">
      <Title order={1} size="h2" mb="md">
        {d('title')}
      </Title>
      <Paper withBorder p="sm" mb="md" className={`${remindersClasses.box} ${remindersClasses.desk} ${frameClasses.reminders}`}>
        <Title order={2} size="h4" mb={4}>
          {r('remindersDue')}
        </Title>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="sm">
            <Title order={2} size="h4" mb="xs">
              {d('followupTitle')}
            </Title>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="sm">
            <Title order={2} size="h4" mb="xs">
              {d('courses')}
            </Title>
          </Paper>
        </Grid.Col>
      </Grid>
    </div>
  );
}
