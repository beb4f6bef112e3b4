import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client.ts';
import { seedAll } from '../../src/seed/seed-all.ts';

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy
 * (STACK-NOTES.md: a fresh PGlite costs seconds, a copy of a template well under one).
 */
export default async function setup(project: TestProject) {
  const backend = project.config.env?.TEST_BACKEND ?? process.env.TEST_BACKEND ?? 'pglite';
  if (backend === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    const admin = openPostgres(url, 1);
    const template = `srs_template_${process.pid}`;
    await admin.exec(`drop database if exists ${template}`);
    await admin.exec(`create database ${template}`);
    const target = openPostgres(withDatabase(url, template), 2);
    await target.migrate();
    await seedAll(target);
    await target.close();
    project.provide('templateDatabase', template);
    return async () => {
      await admin.exec(`drop database if exists ${template} with (force)`);
      await admin.close();
    };
  }
  const database = await openPglite(undefined);
  await database.migrate();
  await seedAll(database);
  // Uncompressed: each test file loads the copy, and unzipping it cost about 0.7 s a file.
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = path.join(tmpdir(), 'srs-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateFile', file);
  return () => rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    templateFile: string;
  }
}
