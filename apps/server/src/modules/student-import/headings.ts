import { type StudentImportColumn, type StudentImportField, studentImportFields } from '@srs/shared/student-import';
import { invalid } from '../../core/errors.ts';

/**
 * A heading as it is compared: accents, case, spaces, hyphens and underscores ignored
 * ('Código postal' → 'codigopostal', 'E-mail' → 'email', 'first_name' → 'firstname').
 */
export const headingKey = (heading: string) =>
  heading
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The headings spreadsheets give each field, in English and Spanish (compared by `headingKey`). */
const headings: Record<StudentImportField, string[]> = {
  first_name: ['First name', 'First', 'Given name', 'Nombre', 'Nombres', 'Primer nombre'],
  middle_name: ['Middle name', 'Middle', 'Segundo nombre'],
  last_name: ['Last name', 'Last', 'Surname', 'Family name', 'Apellido', 'Apellidos'],
  address: ['Address', 'Address 1', 'Street', 'Street address', 'Dirección', 'Domicilio', 'Calle'],
  address_2: ['Address 2', 'Address line 2', 'Apt', 'Dirección 2'],
  city: ['City', 'Town', 'Ciudad', 'Localidad'],
  state: ['State', 'Province', 'Estado', 'Provincia'],
  country: ['Country', 'País'],
  zip_code: ['Zip', 'Zip code', 'Postal code', 'Postcode', 'Código postal', 'CP'],
  email: ['Email', 'E-mail', 'Email address', 'Correo', 'Correo electrónico', 'Email personal'],
  phone: ['Phone', 'Phone number', 'Telephone', 'Mobile', 'Cell', 'Cell phone', 'Teléfono', 'Celular', 'Móvil'],
  social_media: ['Social media', 'Facebook', 'Redes sociales'],
  include_in_mailing_list: ['Include in mailing list', 'Mailing list', 'Lista de correo'],
  school: ['School', 'School code', 'Escuela', 'Código de escuela'],
  instructor: ['Instructor', 'Teacher', 'Maestro', 'Instructora'],
  series: ['Course', 'Seminar', 'Course or seminar', 'Curso', 'Seminario', 'Curso o seminario', 'Series'],
  status: ['Status', 'Course status', 'Enrollment status', 'Estado del curso', 'Estado de la inscripción'],
  started_on: ['Started', 'Start date', 'Started on', 'Date started', 'Enrolled on', 'Fecha de inicio', 'Inicio'],
  last_lesson_sent: ['Last lesson sent', 'Lesson sent', 'Última lección enviada', 'Lección enviada'],
  last_lesson_sent_on: [
    'Last lesson sent on',
    'Last sent on',
    'Date last lesson sent',
    'Last sent date',
    'Fecha de la última lección enviada',
    'Fecha última lección enviada',
    'Enviada el',
  ],
  last_lesson_returned: [
    'Last lesson returned',
    'Last lesson received',
    'Lesson returned',
    'Última lección recibida',
    'Última lección devuelta',
    'Lección recibida',
  ],
  last_lesson_returned_on: [
    'Last lesson returned on',
    'Last returned on',
    'Date last lesson returned',
    'Last returned date',
    'Fecha de la última lección recibida',
    'Fecha última lección recibida',
    'Recibida el',
  ],
};

const byKey = new Map<string, StudentImportField>();
for (const field of studentImportFields) {
  byKey.set(headingKey(field), field);
  for (const heading of headings[field]) byKey.set(headingKey(heading), field);
}

/** The field a heading names, or null when it is not one the import knows. */
export const fieldOfHeading = (heading: string): StudentImportField | null => byKey.get(headingKey(heading)) ?? null;

export const headingReasons = {
  unknownField: (heading: string, field: string) =>
    `"${heading}" cannot be read as "${field}": the fields are ${studentImportFields.join(', ')}`,
  unknownHeading: (heading: string) => `the file has no column "${heading}"`,
};

/**
 * Each column's meaning: the one the user chose (`mapping`, heading → field or null), else the one
 * its heading is recognised as. A field no column names is left empty (a row without a first name is
 * refused by the form's rule); of two columns of one field the first is read, the other answered
 * as left out (null), so the mapping step shows it. A mapping to a field the import does not know,
 * or of a heading the file does not have, refuses the file (422 on `mapping`).
 */
export function columnsOf(headingRow: string[], mapping: Record<string, string | null> | undefined): StudentImportColumn[] {
  const chosen = new Map<string, string | null>();
  for (const [heading, field] of Object.entries(mapping ?? {})) {
    if (field !== null && field !== '' && !(studentImportFields as readonly string[]).includes(field)) {
      throw invalid({ mapping: [headingReasons.unknownField(heading, field)] });
    }
    chosen.set(headingKey(heading), field === '' ? null : field);
  }
  const keys = headingRow.map(headingKey);
  const missing = [...chosen.keys()].filter((key) => !keys.includes(key));
  if (missing.length > 0) {
    const heading = Object.keys(mapping ?? {}).find((name) => headingKey(name) === missing[0]) ?? '';
    throw invalid({ mapping: [headingReasons.unknownHeading(heading)] });
  }
  const columns = headingRow.map((heading, index): StudentImportColumn => {
    const key = headingKey(heading);
    const field = chosen.has(key) ? (chosen.get(key) as StudentImportField | null) : fieldOfHeading(heading);
    return { index, heading: heading.trim(), field };
  });
  const taken = new Set<StudentImportField>();
  return columns.map((column) => {
    if (column.field === null) return column;
    if (taken.has(column.field)) return { ...column, field: null };
    taken.add(column.field);
    return column;
  });
}
