// Jest runs the TypeScript sources as native ESM (Node's --experimental-vm-modules),
// transformed by SWC; `tsc --noEmit` does the type checking separately.

import { availableParallelism } from 'node:os'

export default {
  testEnvironment: 'node',
  // src/ is a root too, so the coverage report also lists the files no test loads.
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  // The demo's test runs the whole story (about 10 s, mostly waiting): CI runs it on its own
  // (`npm run test:demo`, from .ci/run), so the quick loop does not wait for it.
  testPathIgnorePatterns: ['/node_modules/', '/test/demo\\.test\\.ts$'],
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
  // Fails a test during which a stand-in saw a request or gave an answer outside the
  // service's contract (test/support/contracts.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
  testTimeout: 20000,
  // The flow cases mostly wait on the stand-ins' timers (and, for a few, child processes).
  maxConcurrency: 8,
  // More workers than cores: the flow files spend most of their time waiting on the
  // stand-ins' timers, and jest's default (cores - 1) leaves the cores idle meanwhile.
  // Measured when every flow spawned the bundle (`npm run bench:tests`, 2 cores): 5 workers
  // 33.7 s, 8 workers 32.2 s, but at 8 a timing-bound case failed once in four runs.
  // Re-measured with the flows in process, on a shared machine (load 4-9): 5 workers
  // 88-95 s wall, 86-91 s CPU; 4 workers 109 s wall, 91 s CPU. No better; kept at 5.
  maxWorkers: Math.min(availableParallelism() * 2 + 1, 8),
  // `npm test -- --coverage`: the source as the tests load it, the in-process flows included
  // (the bundle's runs, in child processes, do not count).
  collectCoverageFrom: ['<rootDir>/src/**/*.ts'],
  coverageProvider: 'v8',
  coverageReporters: ['text', 'text-summary', 'html'],
  reporters: ['default', '<rootDir>/test/support/plain-summary-reporter.js']
}
