export * from './accounts.ts';
export * from './catalogue.ts';
export * from './enrollments.ts';
export * from './organisations.ts';
export * from './records.ts';
export * from './students.ts';
export * from './system.ts';
export * from './users.ts';
