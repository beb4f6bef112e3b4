import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Field = { label: string; value: ReactNode };

/** Read-only fields as a description list. */
export function FieldList({ fields, cols = 2 }: { fields: readonly Field[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((field) => (
        <Stack key={field.label} gap={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" m={0}>
            {field.value === null || field.value === undefined || field.value === '' ? '-' : field.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
