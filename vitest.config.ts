import { defineConfig } from 'vitest/config'

// One runner, three projects: `npm run test:unit|test:server|test:e2e` pick one with --project.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'frame/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          // Each file starts a server process, an SMTP sink and Chromium: slow on a loaded machine.
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
})
