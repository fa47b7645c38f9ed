// A Web Test Runner reporter that writes { passed, failed, skipped } to the file named by
// GATEHOUSE_WTR_SUMMARY, so `npm test` can print one total across both runners.
import { writeFileSync } from 'node:fs'

function count(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped++
    else if (test.passed) totals.passed++
    else totals.failed++
  }
  for (const child of suite.suites ?? []) count(child, totals)
}

export function summaryFileReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const file = process.env.GATEHOUSE_WTR_SUMMARY
      if (!file) return
      const totals = { passed: 0, failed: 0, skipped: 0 }
      for (const session of sessions) {
        if (session.testResults) count(session.testResults, totals)
        // A test file that failed to load has no results but must still count as a failure.
        else if (!session.passed) totals.failed++
      }
      writeFileSync(file, JSON.stringify(totals))
    },
  }
}
