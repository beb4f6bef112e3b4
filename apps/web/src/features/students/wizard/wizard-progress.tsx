import { Progress, Stack, Text } from '@mantine/core';
import { type WizardStep, wizardStepTitles } from './wizard-steps.ts';

type Props = { step: WizardStep; position: { number: number; total: number } };

/** 'Step N of M', the step's title and a bar: the wizard's steps and the manual path's form page. */
export function WizardProgress({ step, position }: Props) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        Step {position.number} of {position.total}
      </Text>
      <Text fw={600} component="h2" size="lg" m={0}>
        {wizardStepTitles[step]}
      </Text>
      <Progress value={(position.number / position.total) * 100} size="sm" aria-hidden />
    </Stack>
  );
}
