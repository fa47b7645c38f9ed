import { defineConfig } from 'vitest/config'

// One runner, three projects: `npm run test:unit|test:server|test:e2e` pick one with --project.
// Timeouts are generous on purpose: the projects run side by side on a 2-core machine, and a
// server suite starting PostgreSQL databases or an e2e suite starting the server and Chromium can
// take far longer than vitest's defaults there. Speed belongs in `npm run bench`, not in tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'frame/**/*.test.ts', 'contract/**/*.test.ts', 'test/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
        },
      },
      { test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 240000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300000,
          hookTimeout: 300000,
          fileParallelism: false,
        },
      },
    ],
  },
})
