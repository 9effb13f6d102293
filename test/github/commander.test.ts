// Who may give a command, in process against the GitHub stand-in (its collaborator-
// permission endpoint answers as GitHub does: `permission` folds maintain into write
// and triage into read, `role_name` is precise). Every way a commander is taken or
// refused, with the reason the refusal warning and reply then quote. What the action
// does with a refusal (the warning, the reply, nothing sent) is proven end to end in
// test/e2e/commands-refused.test.ts.

import { readSettings } from '../../src/action/shell/inputs.js'
import { checkCommander } from '../../src/action/plan/command-gate.js'
import { openGitHub, type GitHubClient } from '../../src/github/client.js'
import { readCommand, type Command } from '../../src/github/command.js'
import { commentBy, fixture, type Payload } from '../support/command-events.js'
import { setRole } from '../support/github-routes/commands.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const TOKEN = 'ghs_test_token'
let octokit: GitHubClient

const inProcess = useInProcessGitHub({ token: TOKEN })
beforeAll(async () => {
  // As the action opens it: a 5xx is sent again while the budget allows.
  octokit = await openGitHub(TOKEN, { ...inProcess.reach, budgetMs: 30_000 })
})
beforeEach(() => {
  inProcess.github.requests.length = 0
})

/** The commenter of a fixture event, as the action reads it from the payload. */
function commenterOf(payload: Payload, event = 'issue_comment'): Command['author'] {
  const { command } = readCommand(event, payload, '/docs')
  if (!command) throw new Error('the payload is not a command')
  return command.author
}

/** The allow-list as the action reads the allowed-bots input. */
const allowList = (value: string): readonly string[] =>
  readSettings(
    (name) =>
      ({ 'allowed-bots': value, 'project-id': 'p', 'dry-run': 'true', prompt: 'p' })[name] ?? ''
  ).allowedBots

const permissionReads = (): string[] =>
  inProcess.github.requests.filter((r) => r.path.endsWith('/permission')).map((r) => r.path)

describe('a person', () => {
  // GitHub folds maintain into write in `permission`, which the action names first.
  it.each([
    ['write', 'write'],
    ['maintain', 'write'],
    ['admin', 'admin']
  ])('is taken with %s, read from GitHub', async (role, named) => {
    setRole(inProcess.github.state, 'acme/app', 'alice', role)
    const verdict = await checkCommander(
      octokit,
      'acme/app',
      commenterOf(fixture('issue_comment')),
      []
    )

    expect(verdict).toEqual({
      allowed: true,
      why: `alice has ${named} permission on acme/app`
    })
    expect(permissionReads()).toEqual(['/repos/acme/app/collaborators/alice/permission'])
  })

  it.each([
    ['read', 'read'],
    ['triage', 'read'],
    ['none', 'none']
  ])('is refused with %s', async (role, named) => {
    setRole(inProcess.github.state, 'acme/app', 'alice', role)
    const verdict = await checkCommander(
      octokit,
      'acme/app',
      commenterOf(fixture('issue_comment')),
      []
    )

    expect(verdict.allowed).toBe(false)
    expect(verdict.allowed ? '' : verdict.reason).toBe(
      `alice has ${named} permission on acme/app; commands need write, maintain or admin`
    )
  })

  it("is refused when a stranger's comment claims to be from an owner (author_association is not a permission)", async () => {
    const payload = commentBy('mallory')
    ;(payload.comment as Record<string, unknown>).author_association = 'OWNER'
    const verdict = await checkCommander(octokit, 'acme/app', commenterOf(payload), [])

    expect(verdict.allowed ? '' : verdict.reason).toMatch(/^mallory has read permission/)
  })

  it.each([403, 404, 500])(
    'is refused when the permission cannot be read (GitHub answers %i)',
    async (status) => {
      setRole(inProcess.github.state, 'acme/app', 'alice', 'admin')
      // Every attempt: a 500 is sent again twice.
      inProcess.github.deny({ path: /\/permission$/, status, times: status === 500 ? 3 : 1 })
      const verdict = await checkCommander(
        octokit,
        'acme/app',
        commenterOf(fixture('issue_comment')),
        []
      )

      expect(verdict.allowed ? '' : verdict.reason).toBe(
        `the permission of alice on acme/app could not be read (the GitHub API answered ${status})`
      )
    }
  )

  it('is refused when only named like a listed bot: the list vouches for bots alone', async () => {
    const verdict = await checkCommander(
      octokit,
      'acme/app',
      commenterOf(commentBy('renovate[bot]', 'User')),
      allowList('renovate[bot]')
    )

    expect(verdict.allowed ? '' : verdict.reason).toMatch(/^renovate\[bot\] has read permission/)
  })
})

describe('an account that is not a person', () => {
  it('is a bot taken by its exact login in allowed-bots, without asking GitHub', async () => {
    const verdict = await checkCommander(
      octokit,
      'acme/app',
      commenterOf(commentBy('renovate[bot]', 'Bot')),
      allowList('dependabot[bot], renovate[bot]')
    )

    expect(verdict).toEqual({
      allowed: true,
      why: 'the bot renovate[bot] is listed in allowed-bots'
    })
    expect(inProcess.github.requests).toEqual([])
  })

  it.each<[string, Payload, string, RegExp]>([
    [
      'a bot that is not listed',
      commentBy('renovate[bot]', 'Bot'),
      'dependabot[bot]',
      /^renovate\[bot\] is a bot account that is not listed in allowed-bots$/
    ],
    [
      'a bot whose login only starts like a listed one',
      commentBy('renovate-evil[bot]', 'Bot'),
      'renovate',
      /^renovate-evil\[bot\] is a bot account that is not listed/
    ],
    [
      'a bot with admin permission that is not listed (a review)',
      commentBy('helper[bot]', 'Bot', 'pull_request_review'),
      '',
      /^helper\[bot\] is a bot account that is not listed/
    ],
    [
      'an organisation account',
      commentBy('acme', 'Organization'),
      '',
      /^the account type 'Organization' cannot give commands$/
    ]
  ])('refuses %s, without asking GitHub', async (_name, payload, listed, reason) => {
    setRole(inProcess.github.state, 'acme/app', 'helper[bot]', 'admin')
    const event = payload.review ? 'pull_request_review' : 'issue_comment'
    const verdict = await checkCommander(
      octokit,
      'acme/app',
      commenterOf(payload, event),
      allowList(listed)
    )

    expect(verdict.allowed ? '' : verdict.reason).toMatch(reason)
    expect(inProcess.github.requests).toEqual([])
  })
})
