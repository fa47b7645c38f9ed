import { defineConfig } from 'vitest/config'

// One runner, three projects: `npm run test:unit|test:server|test:e2e` pick one with --project.
// Timeouts are generous on purpose: the projects run side by side on a 2-core machine, and a
// server suite starting PostgreSQL databases or an e2e suite starting the server and Chromium can
// take far longer than vitest's defaults there. Speed belongs in `npm run bench`, not in tests.
export default defineConfig({
  test: {
    // Both cores: vitest's default (one fewer than the cores) runs everything one file at a time on
    // a 2-core machine, while an end-to-end file mostly waits on its browser and servers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'frame/**/*.test.ts', 'contract/**/*.test.ts', 'console/src/**/*.test.ts', 'test/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'demo/backend/**/*.test.ts'],
          environment: 'node',
          // A cap, not a pace: a test that signs in through every method takes seconds on a normal
          // machine and has taken more than 30 s on a slow, busy one.
          testTimeout: 120000,
          hookTimeout: 240000,
          // Every file imports the whole server: one module graph per worker, not one per file
          // (no server test mocks modules). On a slow 2-core machine this was most of the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // After unit and server (group 0, side by side on both cores): vitest runs projects with
          // different worker counts in separate groups, and one file at a time is this project's.
          sequence: { groupOrder: 1 },
          testTimeout: 300000,
          hookTimeout: 300000,
          // One file at a time, all in one process: the servers and the browser a file starts
          // (test/stack.ts, test/browser.ts) serve the next file too instead of starting again.
          fileParallelism: false,
          isolate: false,
          // expect.poll waits for a state; its 1 s default is too short on a busy machine.
          expect: { poll: { timeout: 30000 } },
        },
      },
    ],
  },
})
