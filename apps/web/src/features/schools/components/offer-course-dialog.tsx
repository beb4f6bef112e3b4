import { Badge, Button, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { SchoolDetail } from '@srs/shared/schools';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { schoolCoursesQuery, useOfferSeries } from '../api.ts';
import { schoolsText } from '../messages.ts';

type Props = { school: SchoolDetail; opened: boolean; onClose: () => void };

/**
 * Offer a course: the active catalogue courses the school does not offer yet, priority first, as
 * cards to tap (a filter box past eight), so that a phone offers one in a tap.
 */
export function OfferCourseDialog({ school, opened, onClose }: Props) {
  const mobile = useIsMobile();
  const t = schoolsText.useT();
  const c = commonText.useT();
  const offerable = useQuery({ ...schoolCoursesQuery(school.id, true), enabled: opened });
  const offer = useOfferSeries();
  const [filter, setFilter] = useState('');
  const all = offerable.data?.courses ?? [];
  const words = filter.trim().toLowerCase();
  const shown = all.filter((course) => course.name.toLowerCase().includes(words));

  return (
    <Modal opened={opened} onClose={onClose} title={t('offerCourse')} fullScreen={mobile} size="lg">
      <Stack gap="sm">
        {all.length > 8 && (
          <TextInput
            label={t('filterCourses')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            data-autofocus
          />
        )}
        {offerable.isLoading && <Text size="sm">{c('loading')}</Text>}
        {!offerable.isLoading && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {all.length === 0 ? t('offersEveryCourse') : t('noCourseMatches')}
          </Text>
        )}
        {shown.map((course) => (
          <UnstyledButton
            key={course.id}
            onClick={() =>
              offer.mutate(
                { series_id: course.id, school_id: school.id },
                {
                  onSuccess: () => {
                    showSuccess(t('nowOffers', { course: course.name }));
                    onClose();
                  },
                },
              )
            }
            disabled={offer.isPending}
            p="sm"
            mih={44}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text fw={500} component="span">
              {course.name}
            </Text>{' '}
            {course.priority && (
              <Badge size="sm" variant="light">
                {t('priority')}
              </Badge>
            )}
          </UnstyledButton>
        ))}
        <Button variant="default" onClick={onClose}>
          {c('cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
