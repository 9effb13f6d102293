// For tests that call the GitHub modules in process: a GitHub stand-in started before
// the tests of the file (or of the describe block this is called in) and closed after
// them, with GITHUB_API_URL pointing at it; and, when asked, what the modules print,
// captured per test instead of written.

import { jest } from '@jest/globals'
import type { GitHubReach } from '../../src/github/client.ts'
import { withinRun } from './run-log.ts'
import {
  startGitHubStandIn,
  type GitHubStandIn,
  type GitHubStandInOptions
} from './github-stand-in.ts'

export interface InProcessGitHub {
  /** The stand-in (there once the tests run). */
  readonly github: GitHubStandIn
  /**
   * What a session or client the test opens takes: a second of the plugins' waits lasting a
   * millisecond (counted as a second against a budget), unless the test is about the waits
   * themselves. The address is the stand-in's by GITHUB_API_URL.
   */
  readonly reach: GitHubReach
  /** What the current test printed to stdout, when `captureLog` is on. */
  readonly printed: string[]
  /** The `::warning::` lines the current test printed, whole. */
  warnings(): string[]
}

export function useInProcessGitHub(
  options: GitHubStandInOptions & { captureLog?: boolean; realRetryWaits?: boolean }
): InProcessGitHub {
  const { captureLog = false, realRetryWaits = false, ...standInOptions } = options
  let github: GitHubStandIn | undefined
  let printed: string[] = []
  beforeAll(async () => {
    github = await startGitHubStandIn(standInOptions)
    // @actions/github reads the API address once, when it is first loaded.
    process.env.GITHUB_API_URL = github.apiUrl
  })
  afterAll(async () => {
    await github?.close()
  })
  if (captureLog) {
    beforeEach(() => {
      printed = []
      const write = process.stdout.write.bind(process.stdout)
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest: unknown[]) => {
        // A run of the whole action in this file keeps its own log (run-log.ts).
        if (withinRun()) return write(chunk, ...(rest as []))
        printed.push(String(chunk))
        return true
      })
    })
    afterEach(() => {
      jest.restoreAllMocks()
    })
  }
  return {
    get github(): GitHubStandIn {
      if (!github) throw new Error('The GitHub stand-in starts in beforeAll: read it in a test.')
      return github
    },
    get reach(): GitHubReach {
      return realRetryWaits ? {} : { secondMs: 1 }
    },
    get printed(): string[] {
      return printed
    },
    warnings(): string[] {
      return printed
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('::warning::'))
    }
  }
}
