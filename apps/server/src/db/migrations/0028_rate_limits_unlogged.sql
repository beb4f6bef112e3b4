-- The rate-limit counters (searches, exports, sign-in attempts a minute) are written by every
-- search: logged, each search waited for its counter's WAL to reach the disk, and ten searches of
-- one user queued on its row meanwhile (issue 28: the network's search p95 halved without it).
-- A counter's window is a minute; after a crash the counters start again from zero, which a
-- window's reset does anyway. The locks that matter, wrong passwords and codes, stay in the
-- logged sign_in_failures (docs/decisions/019).
ALTER TABLE "rate_limits" SET UNLOGGED;
