import { List, Text } from '@mantine/core';
import { trackingStageDefinitions, trackingStages } from '@srs/shared/interest-tracking';
import { useSharedText } from '../../../i18n/shared.ts';
import { interestsText } from '../messages.ts';

/** What the funnel counts, in plain words for the staff who read it (DOMAIN.md "Interest tracking"). */
export function TrackingDefinitions() {
  const t = interestsText.useT();
  const shared = useSharedText();
  return (
    <>
      <Text size="sm" mb={4}>
        {t('definitionsIntro')}
      </Text>
      <List size="sm" spacing={2} mb="xs">
        {trackingStages.map((stage) => (
          <List.Item key={stage}>
            <strong>{shared(trackingStageDefinitions[stage].label)}</strong>: {shared(trackingStageDefinitions[stage].meaning)}.
          </List.Item>
        ))}
        <List.Item>
          <strong>{t('notAssignedYet')}</strong>: {t('notAssignedMeaning')}.
        </List.Item>
      </List>
      <Text size="sm" mb="sm">
        {t('definitionsShares')}
      </Text>
    </>
  );
}
