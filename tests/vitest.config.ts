import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Goldens (tests/support/golden.ts): UPDATE_GOLDENS=1 (or -u) rewrites every snapshot a test
    // reaches; otherwise a missing snapshot fails, as a different one does, instead of being written.
    update: process.env.UPDATE_GOLDENS === '1' ? 'all' : 'none',
  },
})
