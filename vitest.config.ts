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
          // Starting the stack and Chromium takes well over the default 10 s on a loaded machine.
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
})
