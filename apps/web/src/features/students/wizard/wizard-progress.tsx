import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { studentWizardText } from './messages.ts';
import { type WizardStep, wizardStepTitleKeys } from './wizard-steps.ts';

type Props = { step: WizardStep; position: { number: number; total: number } };

/** 'Step N of M', the step's title and a bar: the wizard's steps and the manual path's form page. */
export function WizardProgress({ step, position }: Props) {
  // A new step takes the focus to its title, so that the keyboard and a screen reader move on with
  // the person (the button that was pressed is gone); a step with a form then focuses its field.
  const t = studentWizardText.useT();
  const title = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    title.current?.focus();
  }, [step]);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {t('stepOf', { number: position.number, total: position.total })}
      </Text>
      <Text ref={title} tabIndex={-1} fw={600} component="h2" size="lg" m={0}>
        {t(wizardStepTitleKeys[step])}
      </Text>
      <Progress value={(position.number / position.total) * 100} size="sm" aria-hidden />
    </Stack>
  );
}
