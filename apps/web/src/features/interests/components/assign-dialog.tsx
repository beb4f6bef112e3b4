import { Alert, Button, Group, Loader, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { InterestAssignment, LikelyDuplicate, UnassignedInterest } from '@srs/shared/interests';
import { humanize, messages } from '@srs/shared/messages';
import { duplicateReasonLabels } from '@srs/shared/student-duplicates';
import type { SuggestedSchool } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CountrySelect } from '../../../components/country-select.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSaveError } from '../../../lib/form-errors.ts';
import { defaultCountry } from '../../../lib/lookups/geo.ts';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { assignmentQuery, useAssignInterest } from '../api.ts';
import { interestsText } from '../messages.ts';
import { type AddressField, addressFields, missingAddress, personName, placeOf, requiredAddressFields, schoolName } from '../format.ts';
import { suggestionReason } from './unassigned-table.tsx';

type Address = Record<AddressField, string>;
/** 'new': a new student; otherwise the id of the student this person already is. */
type Who = 'new' | `${number}`;

/** The interest's address as far as it goes; its country, when it names none, United States as for every new student (SPEC section 5). */
export const addressOf = (interest: UnassignedInterest): Address => {
  const address = Object.fromEntries(addressFields.map((field) => [field, interest[field] ?? ''])) as Address;
  return { ...address, country: address.country.trim() || defaultCountry };
};

/** The school chosen first: the first suggested one that has a head school admin to receive the student. */
export const firstAssignable = (schools: readonly SuggestedSchool[]) => schools.find((school) => school.head_school_admin) ?? null;

type Props = { interest: UnassignedInterest | null; onClose: () => void };

/**
 * Assigning an interest: the course or seminar, then either the student this person likely already
 * is, or a new student in a suggested school with the address completed. One save makes the
 * student and the enrollment and tells the school's head school admin.
 */
export function AssignDialog({ interest, onClose }: Props) {
  const mobile = useIsMobile();
  const t = interestsText.useT();
  return (
    <Modal opened={interest !== null} onClose={onClose} title={interest ? t('assignName', { name: personName(interest) }) : ''} size="lg" fullScreen={mobile}>
      {interest && <AssignForm key={interest.id} interest={interest} onDone={onClose} />}
    </Modal>
  );
}

function AssignForm({ interest, onDone }: { interest: UnassignedInterest; onDone: () => void }) {
  const [seriesId, setSeriesId] = useState<string | null>(interest.series ? String(interest.series.id) : null);
  const series = useQuery(seriesOptionsQuery());
  const assignment = useQuery({
    ...assignmentQuery(interest.id, seriesId ? Number(seriesId) : undefined),
    enabled: seriesId !== null,
  });
  const duplicates = assignment.data?.likely_duplicates ?? [];
  // Until the person answers: a new student when the fresh check finds no likely duplicate.
  const [answered, setWho] = useState<Who | null>(null);
  const who: Who | null = answered ?? (assignment.data && duplicates.length === 0 ? 'new' : null);
  const [pickedSchool, setSchoolId] = useState<string | null>(null);
  const form = useForm<Address>({ defaultValues: addressOf(interest) });
  const [failure, setFailure] = useState<string | null>(null);
  const assign = useAssignInterest();
  const schools = assignment.data?.suggested_schools ?? [];
  // Until one is picked: the first suggested school that can take a student (for the series shown).
  const firstSchool = firstAssignable(schools);
  const schoolId = pickedSchool ?? (firstSchool ? String(firstSchool.id) : null);
  const chosenSchool = schools.find((school) => String(school.id) === schoolId) ?? null;
  const missing = missingAddress(interest);
  const t = interestsText.useT();
  const c = commonText.useT();

  const submit = form.handleSubmit(async (address) => {
    setFailure(null);
    if (!seriesId || !who || (who === 'new' && !chosenSchool)) return;
    try {
      const result = await assign.mutateAsync({
        id: interest.id,
        input:
          who === 'new'
            ? { series_id: Number(seriesId), school_id: chosenSchool!.id, ...address }
            : { series_id: Number(seriesId), student_id: Number(who) },
      });
      const school = result.interest.school ? schoolName(result.interest.school) : t('theSchool');
      showSuccess(
        result.created_student
          ? t('nowStudentOf', { name: personName(interest), school })
          : t('matchedTo', { name: personName(interest), school }),
      );
      onDone();
    } catch (error) {
      setFailure(showSaveError(form, error, addressFields));
    }
  });

  const ready = seriesId !== null && who !== null && (who !== 'new' || chosenSchool !== null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {[placeOf(interest), interest.email, interest.phone].filter(Boolean).join(' · ') || t('noAddressOrContact')}
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Select
          label={t('courseOrSeminar')}
          withAsterisk
          placeholder={t('chooseWhatToStudy')}
          data={(series.data?.series ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
          value={seriesId}
          onChange={(value) => {
            setSeriesId(value);
            // Another course has its own suggested schools.
            setSchoolId(null);
          }}
          searchable
        />
        {seriesId && assignment.isLoading && <Loader size="sm" aria-label={t('lookingForSchools')} />}
        {assignment.data && (
          <>
            <DuplicateChoice duplicates={duplicates} who={who} onChange={setWho} />
            {who === 'new' && (
              <SchoolChoice schools={schools} schoolId={schoolId} onChange={setSchoolId} zip={interest.zip_code} />
            )}
            {who === 'new' && (
              <Stack gap="xs">
                <Title order={2} size="h5">
                  {t('newStudentAddress')}
                </Title>
                {missing.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('addressNeeded')}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {addressFields.map((field) =>
                    field === 'country' ? (
                      <Controller
                        key={field}
                        control={form.control}
                        name="country"
                        rules={{ required: sharedText(messages.fieldRequired) }}
                        render={({ field: input }) => (
                          <CountrySelect
                            value={input.value}
                            onChange={input.onChange}
                            onBlur={input.onBlur}
                            ref={input.ref}
                            error={form.formState.errors.country?.message}
                          />
                        )}
                      />
                    ) : (
                      <TextInput
                        key={field}
                        label={sharedText(humanize(field))}
                        withAsterisk={requiredAddressFields.includes(field)}
                        autoComplete="off"
                        error={form.formState.errors[field]?.message}
                        {...form.register(field, requiredAddressFields.includes(field) ? { required: sharedText(messages.fieldRequired) } : {})}
                      />
                    ),
                  )}
                </SimpleGrid>
              </Stack>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending} disabled={!ready}>
            {who !== null && who !== 'new' ? t('enrollThisStudent') : t('assign')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DuplicateChoice({ duplicates, who, onChange }: { duplicates: readonly LikelyDuplicate[]; who: Who | null; onChange: (who: Who) => void }) {
  const t = interestsText.useT();
  if (duplicates.length === 0) return null;
  return (
    <Radio.Group
      label={t('alreadyStudentQuestion')}
      description={t('alreadyStudentExplained')}
      value={who}
      onChange={(value) => onChange(value as Who)}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {duplicates.map((student) => (
          <Radio
            key={student.id}
            value={String(student.id)}
            label={t('yesThisStudent', {
              name: personName(student),
              address: [student.address, student.city, student.zip_code].filter(Boolean).join(', '),
              school: schoolName(student.school),
              reasons: student.reasons.map((reason) => sharedText(duplicateReasonLabels[reason])).join(', '),
            })}
          />
        ))}
        <Radio value="new" label={t('noNewStudent')} />
      </Stack>
    </Radio.Group>
  );
}

type SchoolChoiceProps = {
  schools: InterestAssignment['suggested_schools'];
  schoolId: string | null;
  onChange: (id: string) => void;
  zip: string | null;
};

function SchoolChoice({ schools, schoolId, onChange, zip }: SchoolChoiceProps) {
  const t = interestsText.useT();
  if (schools.length === 0) {
    return (
      <Alert color="yellow" title={t('noSchoolToSuggest')}>
        {zip ? t('noSchoolNearZip') : t('interestHasNoZip')}
      </Alert>
    );
  }
  return (
    <Radio.Group label={t('school')} description={t('suggestedExplained')} value={schoolId} onChange={onChange} withAsterisk>
      <Stack gap="xs" mt="xs">
        {schools.map((school) => (
          <Radio
            key={school.id}
            value={String(school.id)}
            disabled={!school.head_school_admin}
            label={`${schoolName(school)} · ${school.head_school_admin ? suggestionReason(school) : sharedText(messages.noHeadSchoolAdmin)}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
