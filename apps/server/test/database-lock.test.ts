import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';

describe('the embedded database folder', () => {
  it('refuses a second opener with a clear message, and opens again once released', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'srs-lock-'));
    try {
      const first = await openPglite(dir);
      // The lock is taken before PGlite starts, so a second process fails fast; a forked child
      // would be the real second process, but the lock file names this pid, which is alive.
      const owner = path.join(dir, 'srs.lock');
      const { readFileSync, writeFileSync } = await import('node:fs');
      expect(readFileSync(owner, 'utf8')).toBe(String(process.pid));
      writeFileSync(owner, String(process.ppid));
      await expect(openPglite(dir)).rejects.toThrow(/is in use by another process \(pid \d+\)/);
      writeFileSync(owner, String(process.pid));
      await first.close();
      const again = await openPglite(dir);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
