import { formatDate } from '@srs/shared/dates';
import { deliveryTypeLabels } from '@srs/shared/enrollments';
import type { PersonRef } from '@srs/shared/common';
import type { PersonalData, PersonalDataEnrollment, PersonalDataNote, PersonalDataVersion } from '@srs/shared/privacy';
import { recordTypeLabel, spelledOut, versionEventLabels } from '@srs/shared/versions';
import { type PdfWriter, pdfWriter } from './pdf-writer.ts';

/**
 * GET /students/{id}/personal_data.pdf: the JSON file's content for a person to read (issue 12,
 * docs/decisions/017). Every record on a line or a few, dates as MM/DD/YYYY, names for ids.
 */

const two = (n: number) => String(n).padStart(2, '0');
/** '03/14/2026 09:05 UTC'. */
function when(iso: string | null): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date.toISOString())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
const name = (person: Pick<PersonRef, 'first_name' | 'last_name'> | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : '-';
const fullName = (student: PersonalData['student']) =>
  [student.first_name, student.middle_name, student.last_name].filter(Boolean).join(' ');
const mailing = { if_address_valid: 'If the address is valid', always: 'Always', never: 'Never' } as const;
const noteType = (note: PersonalDataNote) => (note.type === 'PrayerRequest' ? 'Prayer request' : 'Note');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function profile(pdf: PdfWriter, data: PersonalData) {
  const s = data.student;
  pdf.heading('Profile');
  const fields: [string, string | null][] = [
    ['First name', s.first_name],
    ['Middle name', s.middle_name],
    ['Last name', s.last_name],
    ['Email', s.email],
    ['Phone', s.phone],
    ['Social media', s.social_media],
    ['Address', s.address],
    ['Address 2', s.address_2],
    ['City', s.city],
    ['State', s.state],
    ['Zip code', s.zip_code],
    ['Country', s.country],
    ['Include in mailing list', mailing[s.include_in_mailing_list]],
    ['Mailing label printed', s.avery_label_printed_at ? when(s.avery_label_printed_at) : null],
    ['School', `${s.school.church_name} (${s.school.school_code})`],
    ['Instructor', name(s.instructor)],
    ['Added by', name(s.created_by)],
    ['Added on', when(s.created_at)],
    ['Last changed', when(s.updated_at)],
  ];
  if (s.erased_at) fields.push(['Personal data erased', when(s.erased_at)]);
  for (const [label, value] of fields) pdf.field(label, value);
  pdf.subheading('Shared with');
  if (data.shares.length === 0) pdf.paragraph('Nobody else.', { dimmed: true });
  for (const share of data.shares) {
    pdf.paragraph(`${name(share.user)}, since ${when(share.created_at)}${share.shared_by ? `, by ${name(share.shared_by)}` : ''}`);
  }
}

/** Where a decision or note was written, in words: 'Lesson 2: Hope', 'Visit 03/07/2026'. */
function contextOf(enrollment: PersonalDataEnrollment | null, context: string, id: number | null): string {
  const lesson = enrollment?.lesson_deliveries.find((d) => d.id === id);
  const attendance = enrollment?.attendances.find((a) => a.id === id);
  const visit = enrollment?.visits.find((v) => v.id === id);
  const reminder = enrollment?.reminders.find((r) => r.id === id);
  switch (context) {
    case 'lesson':
      return lesson ? `Lesson ${lesson.episode.position}: ${lesson.episode.name}` : 'A lesson';
    case 'presentation':
      return attendance ? `Presentation ${attendance.episode.position}: ${attendance.episode.name}` : 'A presentation';
    case 'visit':
      return visit ? `Visit ${formatDate(visit.date)}` : 'A visit';
    case 'reminder':
      return reminder ? `Reminder ${formatDate(reminder.date)}` : 'A reminder';
    default:
      return 'The student';
  }
}

function list<T>(pdf: PdfWriter, title: string, items: readonly T[], line: (item: T) => string) {
  if (items.length === 0) return;
  pdf.paragraph(`${title}:`, { face: 'bold', indent: 12, keepWithNext: true });
  for (const item of items) pdf.paragraph(line(item), { indent: 24 });
}

function notesOf(pdf: PdfWriter, enrollment: PersonalDataEnrollment | null, notes: readonly PersonalDataNote[], indent: number) {
  for (const note of notes) {
    const where = note.context === 'student' ? '' : ` on ${contextOf(enrollment, note.context, note.context_id)}`;
    pdf.paragraph(`${noteType(note)}${where}, ${when(note.created_at)}, by ${name(note.author)}:`, {
      indent,
      dimmed: true,
      keepWithNext: true,
    });
    pdf.paragraph(note.text, { indent: indent + 12 });
  }
}

function enrollmentSection(pdf: PdfWriter, e: PersonalDataEnrollment) {
  pdf.subheading(`${e.series.type}: ${e.series.name} (registration number ${e.registration_number})`);
  pdf.field('Status', `${e.status}${e.orphaned ? ' (its school no longer offers it)' : ''}`, 12);
  pdf.field('Started', formatDate(e.started_on), 12);
  list(pdf, 'Lessons', e.lesson_deliveries, (d) =>
    [
      `Lesson ${d.episode.position}: ${d.episode.name}`,
      `sent ${formatDate(d.date_sent)}`,
      `completed ${formatDate(d.date_completed)}`,
      d.delivery_type ? deliveryTypeLabels[d.delivery_type] : null,
      d.grading_instructor ? `graded by ${name(d.grading_instructor)}` : null,
    ]
      .filter(Boolean)
      .join(', '),
  );
  list(pdf, 'Attendance', e.attendances, (a) =>
    `Presentation ${a.episode.position}: ${a.episode.name}${a.episode.date ? ` (${formatDate(a.episode.date)})` : ''}`,
  );
  list(pdf, 'Visits', e.visits, (v) => `${formatDate(v.date)}${v.visitor ? `, by ${name(v.visitor)}` : ''}`);
  list(pdf, 'Reminders', e.reminders, (r) => `${formatDate(r.date)}${r.created_by ? `, set by ${name(r.created_by)}` : ''}`);
  list(pdf, 'Decisions', e.decisions, (d) => `${d.decision_option.name}, on ${contextOf(e, d.context, d.context_id)}, recorded ${when(d.created_at)}`);
  list(pdf, 'Products', e.product_deliveries, (p) =>
    [
      `${p.product.name} × ${p.quantity} at $${p.price}`,
      `delivered ${formatDate(p.delivered_at)}`,
      p.delivery_type ? deliveryTypeLabels[p.delivery_type] : null,
      p.visitor_name ? `by ${p.visitor_name}` : null,
    ]
      .filter(Boolean)
      .join(', '),
  );
  if (e.notes.length > 0) {
    pdf.paragraph('Notes and questions:', { face: 'bold', indent: 12, keepWithNext: true });
    notesOf(pdf, e, e.notes, 24);
  }
}

/** A value a version keeps, as a person reads it. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const unshown = new Set(['searchName', 'updatedAt', 'associations']);
/** What a delete took with it, in words: '2 enrollments, 1 lesson'. */
const rowWords: Record<string, [string, string]> = {
  enrollments: ['enrollment', 'enrollments'],
  episode_deliveries: ['lesson', 'lessons'],
  attendances: ['attendance', 'attendances'],
  visits: ['visit', 'visits'],
  reminders: ['reminder', 'reminders'],
  decisions: ['decision', 'decisions'],
  notes: ['note', 'notes'],
  product_deliveries: ['product delivery', 'product deliveries'],
  student_shares: ['share', 'shares'],
};

function versionSection(pdf: PdfWriter, version: PersonalDataVersion) {
  const label = recordTypeLabel(version.item_type);
  pdf.paragraph(`${when(version.created_at)}: ${versionEventLabels[version.event]} ${label.toLowerCase()} #${version.item_id}, by ${
    version.user ? name(version.user) : 'a deleted user or the system'
  }`, { face: 'bold', keepWithNext: true });
  const pairs: [string, string][] =
    version.event === 'destroy'
      ? Object.entries(version.object ?? {}).filter(([field]) => !unshown.has(field)).map(([field, value]) => [field, valueText(value)])
      : Object.entries(version.object_changes)
          .filter(([field]) => !unshown.has(field))
          .map(([field, [was, is]]) => [field, version.event === 'create' ? valueText(is) : `${valueText(was)} → ${valueText(is)}`]);
  for (const [field, text] of pairs) pdf.field(spelledOut(field), text, 12);
  const associations = version.object?.associations as Record<string, unknown[] | undefined> | undefined;
  if (associations) {
    const kept = Object.entries(associations)
      .filter(([, rows]) => (rows?.length ?? 0) > 0)
      .map(([table, rows]) => {
        const [one, many] = rowWords[table] ?? [spelledOut(table).toLowerCase(), spelledOut(table).toLowerCase()];
        return plural(rows?.length ?? 0, one, many);
      });
    if (kept.length > 0) pdf.field('Deleted with it', kept.join(', '), 12);
  }
  pdf.space(3);
}

export async function personalDataPdf(data: PersonalData): Promise<Buffer> {
  const student = fullName(data.student);
  const pdf = pdfWriter({ title: `Personal data: ${student}` });
  pdf.title(`Personal data held about ${student}`);
  pdf.paragraph(`Student #${data.student.id}. Exported ${when(data.exported_at)} by ${name(data.exported_by)}.`, { dimmed: true });
  pdf.paragraph(
    'Everything the Student Records System holds about this student: the profile, each course and seminar with its ' +
      'lessons, attendance, visits, reminders, decisions, products and notes, the requests for Bible studies that led ' +
      'to the student, the notices sent about them, and every change recorded in the history.',
    { dimmed: true },
  );
  profile(pdf, data);

  pdf.heading('Courses and seminars');
  if (data.enrollments.length === 0) pdf.paragraph('None.', { dimmed: true });
  for (const enrollment of data.enrollments) enrollmentSection(pdf, enrollment);

  pdf.heading('Notes on the student');
  if (data.notes.length === 0) pdf.paragraph('None.', { dimmed: true });
  notesOf(pdf, null, data.notes, 0);

  pdf.heading('Requests for Bible studies');
  if (data.interests.length === 0) pdf.paragraph('None.', { dimmed: true });
  for (const interest of data.interests) {
    pdf.subheading(`Request #${String(interest.id)}`);
    for (const [field, value] of Object.entries(interest)) {
      if (value !== null && value !== '' && field !== 'id') pdf.field(spelledOut(field), valueText(value), 12);
    }
  }

  pdf.heading('Notices sent about the student');
  if (data.notices.length === 0) pdf.paragraph('None.', { dimmed: true });
  for (const notice of data.notices) {
    pdf.paragraph(`${when(notice.created_at)} to ${notice.to} (${notice.status}): ${notice.subject}`, { face: 'bold', keepWithNext: true });
    pdf.paragraph(notice.text, { indent: 12 });
  }

  pdf.heading(`History of changes (${plural(data.versions.length, 'change', 'changes')})`);
  if (data.versions.length === 0) pdf.paragraph('None.', { dimmed: true });
  for (const version of data.versions) versionSection(pdf, version);
  return pdf.finish(`Personal data of student #${data.student.id}`);
}
