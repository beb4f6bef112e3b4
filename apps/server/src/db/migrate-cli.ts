import { loadEnv } from '../env.ts';
import { openDatabase } from './open.ts';

const database = await openDatabase(loadEnv());
try {
  await database.migrate();
  console.log('Migrations applied.');
} finally {
  await database.close();
}
