import { openPglite, openPostgres } from '../src/db/client.ts';
const t=Date.now();
const a = await openPglite(undefined); await a.migrate(); console.log('pglite', Date.now()-t, (await a.query('select count(*) from information_schema.tables where table_schema=$1',['public'])));
await a.close();
const b = openPostgres('postgres://postgres@127.0.0.1:5432/test'); await b.exec('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public'); await b.migrate(); console.log('pg', await b.query("select count(*) from information_schema.tables where table_schema='public'")); await b.close();
