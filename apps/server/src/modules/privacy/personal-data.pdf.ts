import type { PersonRef } from '@srs/shared/common';
import { dateOrderOf, formatDate } from '@srs/shared/dates';
import { deliveryTypeLabels } from '@srs/shared/enrollments';
import type { PersonalData, PersonalDataEnrollment, PersonalDataNote, PersonalDataVersion } from '@srs/shared/privacy';
import { mailingOptionLabels } from '@srs/shared/students';
import { recordTypeLabel, spelledOut, versionEventLabels } from '@srs/shared/versions';
import { type Language, serverMessages, sharedText } from '../../core/i18n.ts';
import en from '../../locales/privacy.en.json' with { type: 'json' };
import es from '../../locales/privacy.es.json' with { type: 'json' };
import { type PdfWriter, pdfWriter } from './pdf-writer.ts';

/**
 * GET /students/{id}/personal_data.pdf: the JSON file's content for a person to read (issue 12,
 * docs/decisions/017). Every record on a line or a few, dates as MM/DD/YYYY, names for ids. In the
 * language of who exports it (issue 29): its words, and its dates day first in Spanish; what was
 * typed (names, notes, the notices as they were sent) stays as it is.
 */
const words = serverMessages('privacy', en, es);
type Key = Parameters<typeof words>[1];
type Values = Parameters<typeof words>[2];

/** What the document's parts share: its language, and its words and dates in it. */
type Writing = { pdf: PdfWriter; language: Language; t: (key: Key, values?: Values) => string; day: (iso: string | null) => string };

const two = (n: number) => String(n).padStart(2, '0');
/** '03/14/2026 09:05 UTC' ('14/03/2026 09:05 UTC' in Spanish). */
function when(w: Pick<Writing, 'day'>, iso: string | null): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${w.day(date.toISOString())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
const name = (person: Pick<PersonRef, 'first_name' | 'last_name'> | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : '-';
const fullName = (student: PersonalData['student']) =>
  [student.first_name, student.middle_name, student.last_name].filter(Boolean).join(' ');
const noteType = (w: Writing, note: PersonalDataNote) => sharedText(note.type === 'PrayerRequest' ? 'Prayer request' : 'Note', w.language);

function profile(w: Writing, data: PersonalData) {
  const { pdf, t } = w;
  const s = data.student;
  pdf.heading(t('profile'));
  const fields: [Key, string | null][] = [
    ['field.firstName', s.first_name],
    ['field.middleName', s.middle_name],
    ['field.lastName', s.last_name],
    ['field.email', s.email],
    ['field.phone', s.phone],
    ['field.socialMedia', s.social_media],
    ['field.address', s.address],
    ['field.address2', s.address_2],
    ['field.city', s.city],
    ['field.state', s.state],
    ['field.zipCode', s.zip_code],
    ['field.country', s.country],
    ['field.mailingList', sharedText(mailingOptionLabels[s.include_in_mailing_list], w.language)],
    ['field.labelPrinted', s.avery_label_printed_at ? when(w, s.avery_label_printed_at) : null],
    ['field.school', `${s.school.church_name} (${s.school.school_code})`],
    ['field.instructor', name(s.instructor)],
    ['field.addedBy', name(s.created_by)],
    ['field.addedOn', when(w, s.created_at)],
    ['field.lastChanged', when(w, s.updated_at)],
  ];
  if (s.erased_at) fields.push(['field.erased', when(w, s.erased_at)]);
  for (const [label, value] of fields) pdf.field(t(label), value);
  pdf.subheading(t('sharedWith'));
  if (data.shares.length === 0) pdf.paragraph(t('nobodyElse'), { dimmed: true });
  for (const share of data.shares) {
    const by = share.shared_by ? { shared: 'yes', by: name(share.shared_by) } : { shared: 'no', by: '' };
    pdf.paragraph(t('share', { user: name(share.user), when: when(w, share.created_at), ...by }));
  }
}

/** Where a decision or note was written, in words: 'Lesson 2: Hope', 'Visit 03/07/2026'. */
function contextOf(w: Writing, enrollment: PersonalDataEnrollment | null, context: string, id: number | null): string {
  const { t } = w;
  const lesson = enrollment?.lesson_deliveries.find((d) => d.id === id);
  const attendance = enrollment?.attendances.find((a) => a.id === id);
  const visit = enrollment?.visits.find((v) => v.id === id);
  const reminder = enrollment?.reminders.find((r) => r.id === id);
  switch (context) {
    case 'lesson':
      return lesson ? t('context.lesson', { position: lesson.episode.position, name: lesson.episode.name }) : t('context.aLesson');
    case 'presentation':
      return attendance
        ? t('context.presentation', { position: attendance.episode.position, name: attendance.episode.name })
        : t('context.aPresentation');
    case 'visit':
      return visit ? t('context.visit', { date: w.day(visit.date) }) : t('context.aVisit');
    case 'reminder':
      return reminder ? t('context.reminder', { date: w.day(reminder.date) }) : t('context.aReminder');
    default:
      return t('context.student');
  }
}

function list<T>(w: Writing, title: Key, items: readonly T[], line: (item: T) => string) {
  if (items.length === 0) return;
  w.pdf.paragraph(w.t('listTitle', { title: w.t(title) }), { face: 'bold', indent: 12, keepWithNext: true });
  for (const item of items) w.pdf.paragraph(line(item), { indent: 24 });
}

function notesOf(w: Writing, enrollment: PersonalDataEnrollment | null, notes: readonly PersonalDataNote[], indent: number) {
  for (const note of notes) {
    const said = { type: noteType(w, note), when: when(w, note.created_at), author: name(note.author) };
    const heading =
      note.context === 'student' ? w.t('note', said) : w.t('noteOn', { ...said, where: contextOf(w, enrollment, note.context, note.context_id) });
    w.pdf.paragraph(heading, { indent, dimmed: true, keepWithNext: true });
    w.pdf.paragraph(note.text, { indent: indent + 12 });
  }
}

function enrollmentSection(w: Writing, e: PersonalDataEnrollment) {
  const { pdf, t, day, language } = w;
  const delivery = (type: keyof typeof deliveryTypeLabels | null) => (type ? sharedText(deliveryTypeLabels[type], language) : null);
  const series = { type: sharedText(e.series.type, language), series: e.series.name, number: e.registration_number };
  pdf.subheading(t('enrollment', series));
  const status = sharedText(e.status, language);
  pdf.field(t('status'), e.orphaned ? t('orphaned', { status }) : status, 12);
  pdf.field(t('started'), day(e.started_on), 12);
  list(w, 'lessons', e.lesson_deliveries, (d) =>
    [
      t('context.lesson', { position: d.episode.position, name: d.episode.name }),
      t('lessonSent', { date: day(d.date_sent) }),
      t('lessonCompleted', { date: day(d.date_completed) }),
      delivery(d.delivery_type),
      d.grading_instructor ? t('gradedBy', { name: name(d.grading_instructor) }) : null,
    ]
      .filter(Boolean)
      .join(', '),
  );
  list(w, 'attendance', e.attendances, (a) => {
    const presentation = { position: a.episode.position, name: a.episode.name };
    return a.episode.date ? t('attendedOn', { ...presentation, date: day(a.episode.date) }) : t('attended', presentation);
  });
  list(w, 'visits', e.visits, (v) => (v.visitor ? t('visitBy', { date: day(v.date), name: name(v.visitor) }) : day(v.date)));
  list(w, 'reminders', e.reminders, (r) => (r.created_by ? t('reminderBy', { date: day(r.date), name: name(r.created_by) }) : day(r.date)));
  list(w, 'decisions', e.decisions, (d) =>
    t('decision', { option: d.decision_option.name, where: contextOf(w, e, d.context, d.context_id), when: when(w, d.created_at) }),
  );
  list(w, 'products', e.product_deliveries, (p) =>
    [
      t('product', { product: p.product.name, quantity: p.quantity, price: p.price }),
      t('delivered', { date: day(p.delivered_at) }),
      delivery(p.delivery_type),
      p.visitor_name ? t('deliveredBy', { name: p.visitor_name }) : null,
    ]
      .filter(Boolean)
      .join(', '),
  );
  if (e.notes.length > 0) {
    pdf.paragraph(t('notesAndQuestions'), { face: 'bold', indent: 12, keepWithNext: true });
    notesOf(w, e, e.notes, 24);
  }
}

/** A value a version keeps, as a person reads it. */
function valueText(w: Writing, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? w.day(value) : value;
  if (typeof value === 'boolean') return w.t(value ? 'yes' : 'no');
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A field of a record by its name ('zipCode', 'zip_code'): 'Zip code', in Spanish where packages/shared has it. */
const fieldName = (w: Writing, field: string) => sharedText(spelledOut(field), w.language);

const unshown = new Set(['searchName', 'updatedAt', 'associations']);

function versionSection(w: Writing, version: PersonalDataVersion) {
  const { pdf, t, language } = w;
  const label = recordTypeLabel(version.item_type);
  const heading = t('version', {
    when: when(w, version.created_at),
    event: version.event,
    eventLabel: sharedText(versionEventLabels[version.event], language),
    record: sharedText(label, language).toLowerCase(),
    id: version.item_id,
    by: version.user ? name(version.user) : t('versionBySystem'),
  });
  pdf.paragraph(heading, { face: 'bold', keepWithNext: true });
  const pairs: [string, string][] =
    version.event === 'destroy'
      ? Object.entries(version.object ?? {})
          .filter(([field]) => !unshown.has(field))
          .map(([field, value]) => [field, valueText(w, value)])
      : Object.entries(version.object_changes)
          .filter(([field]) => !unshown.has(field))
          .map(([field, [was, is]]) => [field, version.event === 'create' ? valueText(w, is) : `${valueText(w, was)} → ${valueText(w, is)}`]);
  for (const [field, text] of pairs) pdf.field(fieldName(w, field), text, 12);
  const associations = version.object?.associations as Record<string, unknown[] | undefined> | undefined;
  if (associations) {
    // What a delete took with it, in words: '2 enrollments, 1 lesson'.
    const kept = Object.entries(associations)
      .filter(([, rows]) => (rows?.length ?? 0) > 0)
      .map(([table, rows]) => t('rows', { count: rows?.length ?? 0, table, words: spelledOut(table).toLowerCase() }));
    if (kept.length > 0) pdf.field(t('deletedWithIt'), kept.join(', '), 12);
  }
  pdf.space(3);
}

/** The personal-data PDF, in `language` (the exporting person's: issue 29). */
export async function personalDataPdf(data: PersonalData, language: Language = 'en'): Promise<Buffer> {
  const student = fullName(data.student);
  const t = (key: Key, values?: Values) => words(language, key, values);
  const day = (iso: string | null) => formatDate(iso, dateOrderOf(language));
  const pdf = pdfWriter({ title: t('documentTitle', { student }) });
  const w: Writing = { pdf, language, t, day };
  pdf.title(t('title', { student }));
  pdf.paragraph(t('exported', { id: data.student.id, when: when(w, data.exported_at), by: name(data.exported_by) }), { dimmed: true });
  pdf.paragraph(t('intro'), { dimmed: true });
  profile(w, data);

  pdf.heading(t('coursesAndSeminars'));
  if (data.enrollments.length === 0) pdf.paragraph(t('none'), { dimmed: true });
  for (const enrollment of data.enrollments) enrollmentSection(w, enrollment);

  pdf.heading(t('notesOnStudent'));
  if (data.notes.length === 0) pdf.paragraph(t('none'), { dimmed: true });
  notesOf(w, null, data.notes, 0);

  pdf.heading(t('requests'));
  if (data.interests.length === 0) pdf.paragraph(t('none'), { dimmed: true });
  for (const interest of data.interests) {
    pdf.subheading(t('request', { id: String(interest.id) }));
    for (const [field, value] of Object.entries(interest)) {
      if (value !== null && value !== '' && field !== 'id') pdf.field(fieldName(w, field), valueText(w, value), 12);
    }
  }

  pdf.heading(t('notices'));
  if (data.notices.length === 0) pdf.paragraph(t('none'), { dimmed: true });
  for (const notice of data.notices) {
    const sent = { when: when(w, notice.created_at), to: notice.to, status: notice.status, subject: notice.subject };
    pdf.paragraph(t('notice', sent), { face: 'bold', keepWithNext: true });
    pdf.paragraph(notice.text, { indent: 12 });
  }

  pdf.heading(t('history', { count: data.versions.length }));
  if (data.versions.length === 0) pdf.paragraph(t('none'), { dimmed: true });
  for (const version of data.versions) versionSection(w, version);
  return pdf.finish((page, pages) => t('footer', { id: data.student.id, page, pages }));
}
