// Jest runs the TypeScript sources as native ESM (Node's --experimental-vm-modules),
// transformed by SWC; `tsc --noEmit` does the type checking separately.
export default {
  testEnvironment: 'node',
  // src/ is a root too, so the coverage report also lists the files no test loads.
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }
    ]
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 20000,
  // The end-to-end cases mostly wait on child processes and timers: run more at once.
  maxConcurrency: 8,
  // Jest's default on a 2-core machine is one worker, which leaves the cores idle while
  // the end-to-end files wait on their child processes. Measured there, busy with other
  // work (npm test): 1 worker ~115 s, 2 workers ~50-58 s, 3 workers ~42-52 s.
  maxWorkers: 3,
  // `npm test -- --coverage`: the source as the unit tests load it (the end-to-end
  // tests run the bundle in child processes, which do not count).
  collectCoverageFrom: ['<rootDir>/src/**/*.ts'],
  coverageProvider: 'v8',
  coverageReporters: ['text', 'text-summary', 'html'],
  reporters: ['default', '<rootDir>/test/support/plain-summary-reporter.js']
}
