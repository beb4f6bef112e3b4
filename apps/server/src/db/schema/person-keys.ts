import { type SQL, sql } from 'drizzle-orm';

/**
 * The keys that say two records are likely the same person (issue 27, docs/decisions/024 and the
 * duplicates' record): the same email, the same phone, or the same first name, last name and zip
 * code, with accents, case and spacing ignored. One definition, in SQL: the students table has an
 * index on each (migration 0021), a lookup of students names the same expression on their columns
 * (`studentEmailKey(sql.raw('s'))`), and a person not yet stored (an import's row, the new-student
 * form) gets the very same expressions applied to its values, so the two never disagree on an
 * accent or a space.
 *
 * Each takes a text expression (a column, or a parameter cast to text) and gives null when the
 * value cannot tell a person (nothing typed, a phone of fewer than 7 digits). A CASE is in
 * parentheses: an index's expression must be.
 */

/** Accents (the combining marks of the NFD form), case and runs of spaces ignored. */
export const nameKeySql = (name: SQL) =>
  sql`btrim(regexp_replace(lower(regexp_replace(normalize(${name}, NFD), '[\\u0300-\\u036f]', '', 'g')), '\\s+', ' ', 'g'))`;

/** Lower case, without any space. */
export const emailKeySql = (email: SQL) => sql`nullif(lower(regexp_replace(${email}, '\\s', '', 'g')), '')`;

/** The last 10 digits ('+1 (555) 010-2030' and '555.010.2030' are one phone), from 7 digits on. */
export const phoneKeySql = (phone: SQL) =>
  sql`(case when length(regexp_replace(${phone}, '\\D', '', 'g')) >= 7 then right(regexp_replace(${phone}, '\\D', '', 'g'), 10) end)`;

/** A US zip's first 5 digits ('12345-6789' is '12345'); elsewhere the code as typed, upper case (normaliseZip). */
export const zipKeySql = (zip: SQL) =>
  sql`(case when length(regexp_replace(${zip}, '\\D', '', 'g')) >= 5 then left(regexp_replace(${zip}, '\\D', '', 'g'), 5)
    else nullif(upper(btrim(${zip})), '') end)`;

/** 'first|last|zip', when all three are there. */
export const nameZipKeySql = (first: SQL, last: SQL, zip: SQL) =>
  sql`(case when ${nameKeySql(first)} <> '' and ${nameKeySql(last)} <> '' and ${zipKeySql(zip)} is not null
    then ${nameKeySql(first)} || '|' || ${nameKeySql(last)} || '|' || ${zipKeySql(zip)} end)`;

/** A person's columns a key is made of: a table's own (in an index definition) or under a query's alias. */
export type PersonColumns = { email: SQL; phone: SQL; firstName: SQL; lastName: SQL; zipCode: SQL };

/** The students table's columns under a query's alias: `studentEmailKey(studentColumnsAs('s'))`. */
export const studentColumnsAs = (alias: string): PersonColumns => ({
  email: sql.raw(`${alias}.email`),
  phone: sql.raw(`${alias}.phone`),
  firstName: sql.raw(`${alias}.first_name`),
  lastName: sql.raw(`${alias}.last_name`),
  zipCode: sql.raw(`${alias}.zip_code`),
});

export const studentEmailKey = (person: PersonColumns) => emailKeySql(person.email);
export const studentPhoneKey = (person: PersonColumns) => phoneKeySql(person.phone);
export const studentNameZipKey = (person: PersonColumns) => nameZipKeySql(person.firstName, person.lastName, person.zipCode);
