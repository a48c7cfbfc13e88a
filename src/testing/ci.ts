/**
 * Whether the tests run under CI. CI installs everything the tests use (PostgreSQL, Chromium,
 * tmux), so there a missing tool is a failure, not a reason to skip. Read here only, so every
 * helper agrees: `CI=true` and `CI=1` (as CI services set it) mean CI; unset, empty, `0` or
 * `false` do not.
 */
export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.CI?.trim().toLowerCase();
  return v === 'true' || v === '1';
}
