/**
 * Reads a migration file for the steps that could lose data (docs/decisions/023) and the guards
 * that check them first. A step is named as its guard names it after "Migration <tag> would ":
 *
 *   drop table T · drop column T.c · change the type of column T.c · set column T.c not null ·
 *   empty table T · delete rows of T · overwrite column T.c · drop sequence S · drop schema S ·
 *   drop <kind> X with cascade
 *
 * A guard is a `DO $$ … $$` block that raises `Migration <tag> would <step>, …` when there is data
 * the step would lose; it counts for that step when it comes before it in the same file. Dropping an
 * index, a trigger, a function, a constraint or a view loses no data (an index is built again from
 * its table, the others are code and rules) unless CASCADE takes more with it. The body of a
 * function a migration creates runs later, at each write (the kept values' upkeep): not a step of
 * the migration. A DO block that is not a guard runs now, and its statements are steps.
 */
export type Step = { migration: string; step: string; statement: string; guarded: boolean; addedHere: boolean };

const name = String.raw`(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const qualified = String.raw`${name}(?:\s*\.\s*${name})?`;

function plain(identifier: string): string {
  const parts = identifier.split(/\s*\.\s*(?=(?:"|[A-Za-z_]))/).map((part) => (part.startsWith('"') ? part.slice(1, -1) : part.toLowerCase()));
  return (parts.length === 2 && parts[0] === 'public' ? [parts[1]!] : parts).join('.');
}

/** Removes `-- …` comments outside quotes. */
function withoutComments(text: string): string {
  return text.replace(/('(?:[^']|'')*')|--[^\n]*/g, (match, quoted: string | undefined) => quoted ?? '');
}

/** The statements of a drizzle migration file (split at its breakpoints, or at `;` lines). */
export function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .map((statement) => withoutComments(statement).trim())
    .filter(Boolean);
}

function guardedStep(statement: string, tag: string): string | null {
  if (!/^DO\s+\$/i.test(statement)) return null;
  const escaped = tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`RAISE\\s+EXCEPTION\\s+'Migration ${escaped} would ([^,;']+)`, 'i').exec(statement);
  return match ? match[1]!.trim() : null;
}

/** The steps of one statement that could lose data, named as their guard would name them. */
export function stepsOf(statement: string): string[] {
  // The body of a function created here runs at later writes, not now.
  const text = /^CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE)\b/i.test(statement)
    ? statement.replace(/(\$[A-Za-z_]*\$)[\s\S]*?\1/g, '')
    : statement;
  if (/^CREATE\s+(CONSTRAINT\s+)?TRIGGER\b/i.test(text)) return [];
  const steps: string[] = [];
  const each = (pattern: string, found: (match: RegExpExecArray) => void) => {
    for (const match of text.matchAll(new RegExp(pattern, 'gi'))) found(match);
  };
  each(String.raw`\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${qualified}(?:\s*,\s*${qualified})*)`, (m) => {
    for (const table of m[1]!.split(/\s*,\s*/)) steps.push(`drop table ${plain(table)}`);
  });
  each(String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${qualified})([\s\S]*)`, (m) => {
    const table = plain(m[1]!);
    const clauses = m[2]!;
    for (const c of clauses.matchAll(new RegExp(String.raw`\bDROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?(${name})`, 'gi'))) {
      if (!/^(CONSTRAINT|DEFAULT|NOT|IDENTITY|EXPRESSION)$/i.test(c[1]!)) steps.push(`drop column ${table}.${plain(c[1]!)}`);
    }
    for (const c of clauses.matchAll(new RegExp(String.raw`\bALTER\s+(?:COLUMN\s+)?(${name})\s+(?:SET\s+DATA\s+)?TYPE\b`, 'gi'))) {
      steps.push(`change the type of column ${table}.${plain(c[1]!)}`);
    }
    for (const c of clauses.matchAll(new RegExp(String.raw`\bALTER\s+(?:COLUMN\s+)?(${name})\s+SET\s+NOT\s+NULL\b`, 'gi'))) {
      steps.push(`set column ${table}.${plain(c[1]!)} not null`);
    }
  });
  each(String.raw`\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?(${qualified}(?:\s*,\s*${qualified})*)`, (m) => {
    for (const table of m[1]!.split(/\s*,\s*/)) steps.push(`empty table ${plain(table)}`);
  });
  each(String.raw`\bDELETE\s+FROM\s+(?:ONLY\s+)?(${qualified})`, (m) => steps.push(`delete rows of ${plain(m[1]!)}`));
  each(String.raw`(?<!\bDO\s+)\bUPDATE\s+(?:ONLY\s+)?(${qualified})(?:\s+(?:AS\s+)?(?!SET\b)${name})?\s+SET\s+([\s\S]+?)(?=\bFROM\b|\bWHERE\b|\bRETURNING\b|;|$)`, (m) => {
    for (const column of assignedColumns(m[2]!)) steps.push(`overwrite column ${plain(m[1]!)}.${plain(column)}`);
  });
  each(String.raw`\bDROP\s+(SEQUENCE|SCHEMA)\s+(?:IF\s+EXISTS\s+)?(${qualified})`, (m) => steps.push(`drop ${m[1]!.toLowerCase()} ${plain(m[2]!)}`));
  each(String.raw`\bDROP\s+(INDEX|TRIGGER|FUNCTION|VIEW|TYPE|DOMAIN|MATERIALIZED\s+VIEW|CONSTRAINT)\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?(${qualified})[^;]*?\bCASCADE\b`, (m) => {
    steps.push(`drop ${m[1]!.toLowerCase().replace(/\s+/g, ' ')} ${plain(m[2]!)} with cascade`);
  });
  return steps;
}

/** The left sides of `a = …, b = …` at the top level of an UPDATE's SET list. */
function assignedColumns(list: string): string[] {
  const columns: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ',' && depth === 0) || i === list.length) {
      const left = list.slice(start, i).split('=')[0]!.trim();
      if (left) columns.push(left);
      start = i + 1;
    }
  }
  return columns;
}

/** Every step of a migration that could lose data, whether a guard comes first, and whether it touches a column or table the same migration added. */
export function migrationSteps(tag: string, text: string): Step[] {
  const guarded = new Set<string>();
  const added = new Set<string>();
  const steps: Step[] = [];
  for (const statement of statementsOf(text)) {
    const guard = guardedStep(statement, tag);
    if (guard) {
      guarded.add(guard);
      continue;
    }
    for (const m of statement.matchAll(new RegExp(String.raw`\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${qualified})`, 'gi'))) added.add(plain(m[1]!));
    for (const m of statement.matchAll(new RegExp(String.raw`\bALTER\s+TABLE\s+(?:ONLY\s+)?(${qualified})\s+ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?(${name})`, 'gi'))) {
      added.add(`${plain(m[1]!)}.${plain(m[2]!)}`);
    }
    for (const step of stepsOf(statement)) {
      const target = step.split(' ').find((word) => word.includes('.') || added.has(word)) ?? step.split(' ').at(-1)!;
      steps.push({ migration: tag, step, statement: statement.split('\n')[0]!.slice(0, 120), guarded: guarded.has(step), addedHere: added.has(target) || added.has(target.split('.')[0]!) });
    }
  }
  return steps;
}
