import { Text } from '@mantine/core';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

/**
 * The name of a table row (a lesson, a presentation). On phones a long name is cut short, with
 * the whole of it in the title, so that the row's actions stay in view beside it.
 */
export function RowName({ children }: { children: string }) {
  const mobile = useIsMobile();
  if (!mobile) return children;
  return (
    <Text size="sm" truncate="end" maw={110} title={children}>
      {children}
    </Text>
  );
}
