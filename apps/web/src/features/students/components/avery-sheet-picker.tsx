import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { studentsText } from '../messages.ts';
import classes from './avery-sheet-picker.module.css';

/** An Avery 5160 sheet: 3 columns by 10 rows, numbered along each row. */
export const averyColumns = 3;
export const averyLabelsPerSheet = 30;

type Props = { value: number; onChange: (position: number) => void };

/** The first free label of a partly used sheet, picked on a picture of the sheet. */
export function AverySheetPicker({ value, onChange }: Props) {
  const titleId = useId();
  const t = studentsText.useT();
  const positions = Array.from({ length: averyLabelsPerSheet }, (_, index) => index + 1);
  return (
    <div>
      <Text size="sm" fw={500} id={titleId}>
        {t('firstLabel')}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {t('sheetStart', {
          skipped: value > 1 ? 'yes' : 'no',
          last: value - 1,
          value,
          row: Math.ceil(value / averyColumns),
          column: ((value - 1) % averyColumns) + 1,
        })}
      </Text>
      <SimpleGrid
        cols={averyColumns}
        spacing={4}
        verticalSpacing={4}
        className={classes.sheet}
        role="group"
        aria-labelledby={titleId}
      >
        {positions.map((position) => (
          <UnstyledButton
            key={position}
            className={classes.label}
            data-used={position < value || undefined}
            data-start={position === value || undefined}
            aria-pressed={position === value}
            aria-label={t('labelNumber', { position })}
            onClick={() => onChange(position)}
          >
            {position}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </div>
  );
}
