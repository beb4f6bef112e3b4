export const demoAccounts = [
  'global.admin@demo.test',
  'conference.admin@demo.test',
  'school.admin@demo.test',
  'instructor@demo.test',
] as const;
export const demoPassword = 'demo-password';
