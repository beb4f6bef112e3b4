import { List, Text } from '@mantine/core';
import { trackingStageDefinitions, trackingStages } from '@srs/shared/interest-tracking';

/** What the funnel counts, in plain words for the staff who read it (DOMAIN.md "Interest tracking"). */
export function TrackingDefinitions() {
  return (
    <>
      <Text size="sm" mb={4}>
        Each interest is counted in the month it was received, and stays in that month as it moves along:
      </Text>
      <List size="sm" spacing={2} mb="xs">
        {trackingStages.map((stage) => (
          <List.Item key={stage}>
            <strong>{trackingStageDefinitions[stage].label}</strong>: {trackingStageDefinitions[stage].meaning}.
          </List.Item>
        ))}
        <List.Item>
          <strong>Not assigned yet</strong>: the interests of the month that have no school.
        </List.Item>
      </List>
      <Text size="sm" mb="sm">
        The percentages are out of the interests received that month. An interest that was closed later still counts at
        every step it reached.
      </Text>
    </>
  );
}
