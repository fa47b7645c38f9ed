// A Vitest reporter for `npm test`: writes, to the file named by GATEHOUSE_VITEST_SUMMARY, per
// project (whatever projects vitest.config.ts declares) the counts and wall time, and for each
// failing test file its full story: the failed tests' errors and everything the file printed.
// Passing files' output is dropped, so a green run stays quiet.
//
// With GATEHOUSE_VITEST_PROGRESS_FD set (`npm test` under GATEHOUSE_TEST_PROGRESS=1, as CI runs it),
// it also writes one line per finished file to that descriptor as the run goes: a run stopped from
// outside (CI's time limit) still shows where its time went and what had failed.
import { writeFileSync, writeSync } from 'node:fs'

const progressFd = process.env.GATEHOUSE_VITEST_PROGRESS_FD ? Number(process.env.GATEHOUSE_VITEST_PROGRESS_FD) : null

/** Stack frames inside the test runner and Node say nothing about the failure. */
const runnerFrame = (line) => /^\s+at .*(\/node_modules\/|node:internal|\(<anonymous>\))/.test(line)

/** An error as text: its stack (which starts with the message) and the expected/received diff. */
function errorText(error) {
  const head = error.stack && error.stack.includes(error.message ?? '') ? error.stack : `${error.name ?? 'Error'}: ${error.message}\n${error.stack ?? ''}`
  const stack = head
    .split('\n')
    .filter((line) => !runnerFrame(line))
    .join('\n')
  return [stack.trimEnd(), error.diff?.trimEnd()].filter(Boolean).join('\n')
}

export default class SummaryReporter {
  onInit(vitest) {
    this.vitest = vitest
    this.projects = new Map()
    /** Console output per test file, kept until the file has passed. */
    this.output = new Map()
  }

  project(name) {
    let project = this.projects.get(name)
    if (!project) {
      project = { passed: 0, failed: 0, skipped: 0, start: Infinity, end: -Infinity, failures: [] }
      this.projects.set(name, project)
    }
    return project
  }

  onUserConsoleLog(log) {
    const entity = log.taskId && this.vitest.state.getReportedEntityById(log.taskId)
    const moduleId = entity ? (entity.type === 'module' ? entity.moduleId : entity.module.moduleId) : 'outside any test file'
    this.output.set(moduleId, [...(this.output.get(moduleId) ?? []), log.content])
  }

  onTestModuleEnd(testModule) {
    const project = this.project(testModule.project.name)
    // The project's time is wall time, from its first file's set-up to its last file's end
    // (files run side by side, so their durations add up to more).
    const now = performance.now()
    const d = testModule.diagnostic()
    project.start = Math.min(project.start, now - (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration))
    project.end = Math.max(project.end, now)
    const failed = []
    const failedNames = []
    let counted = 0
    let total = 0
    for (const test of testModule.children.allTests()) {
      total++
      const { state, errors } = test.result()
      if (state === 'passed') project.passed++
      else if (state === 'failed') {
        project.failed++
        counted++
        failed.push(`× ${test.fullName}\n${(errors ?? []).map(errorText).join('\n\n')}`)
        failedNames.push(test.fullName)
      } else project.skipped++
    }
    const moduleErrors = testModule.errors().map(errorText)
    // A file that failed to load or failed in a hook outside any test counts as one failure.
    if (moduleErrors.length && counted === 0) project.failed++
    if (failed.length || moduleErrors.length || testModule.state() === 'failed') {
      const printed = this.output.get(testModule.moduleId)?.join('') ?? ''
      project.failures.push(
        [
          `FAIL ${testModule.project.name} ${testModule.relativeModuleId}`,
          ...moduleErrors,
          ...failed,
          printed && `--- what the file printed:\n${printed.trimEnd()}`,
        ]
          .filter(Boolean)
          .join('\n\n'),
      )
    }
    this.output.delete(testModule.moduleId)
    if (progressFd !== null) {
      const names = failedNames.map((name) => `\n      × ${name}`)
      const seconds = (testModule.diagnostic().duration / 1000).toFixed(1)
      const verdict = failed.length || moduleErrors.length ? 'FAILED' : 'ok'
      try {
        writeSync(progressFd, `    ${testModule.project.name} ${testModule.relativeModuleId} ${verdict} (${total} tests, ${seconds} s)${names.join('')}\n`)
      } catch {
        // Progress is a courtesy: a closed descriptor must not fail the run.
      }
    }
  }

  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.GATEHOUSE_VITEST_SUMMARY
    if (!file) return
    const projects = [...this.projects].map(([name, p]) => ({
      name,
      passed: p.passed,
      failed: p.failed,
      skipped: p.skipped,
      seconds: p.end > p.start ? (p.end - p.start) / 1000 : 0,
      failures: p.failures,
    }))
    const unhandled = unhandledErrors.map(errorText)
    const stray = this.output.get('outside any test file')?.join('') ?? ''
    writeFileSync(file, JSON.stringify({ projects, unhandled, stray }))
  }
}
