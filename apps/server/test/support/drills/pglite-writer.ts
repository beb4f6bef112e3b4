// The child of the PGlite kill drill (pglite-kill.ts): opens the product's embedded database in the
// folder it is given, prints `open <the highest number already there>`, then inserts numbered rows
// one by one, printing each number on its own line once its commit has returned, until it is killed.
import { openPglite } from '../../../src/db/client.ts';

const dir = process.argv[2];
if (!dir) throw new Error('Usage: pglite-writer.ts <folder>');
const database = await openPglite(dir);
await database.exec('create table if not exists kill_drill (n integer primary key, payload text not null)');
const [last] = await database.query<{ n: number | null }>('select max(n) as n from kill_drill');
process.stdout.write(`open ${last?.n ?? 0}\n`);
for (let n = (last?.n ?? 0) + 1; ; n++) {
  await database.query('insert into kill_drill (n, payload) values ($1, $2)', [n, `row ${n} `.repeat(20)]);
  process.stdout.write(`${n}\n`);
}
