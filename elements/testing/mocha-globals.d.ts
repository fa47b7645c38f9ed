// The Web Test Runner page provides mocha's BDD globals; these are the ones element tests use.
declare function describe(title: string, body: () => void): void
declare function it(title: string, body: () => void | Promise<void>): void
declare function beforeEach(body: () => void | Promise<void>): void
declare function afterEach(body: () => void | Promise<void>): void
