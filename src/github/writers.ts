// Whose records are the action's own when GitHub will not say whose github-token is: a record
// names its writer (`by`, the author GitHub reported when the action wrote it), and a bot's
// record that names that same bot is believed, from one bot only. Pure.

import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { ACTIONS_BOT } from './workflow-run.js'

/** An author as GitHub lists it (`user` of a comment or issue). */
export type Author = { login?: string; type?: string } | null | undefined

/** A record as read: who GitHub says wrote it, and whom its marker names as its writer. */
export type Claim = { user: Author; by: string | undefined; where: string }

/**
 * The bot that wrote the record and names itself in it; undefined for anyone else. A person who
 * pasted a marker naming a bot is not that bot. A first write names the action's first guess
 * (`github-actions[bot]`) and is named again as GitHub says; a bot's record still naming the guess
 * is one whose second write GitHub did not take, and it is that bot's.
 */
export function selfNamedBot({ user, by }: Claim): string | undefined {
  const login = user?.login
  if (login === undefined) {
    return undefined
  }
  const isBot = user?.type === 'Bot' && login.endsWith('[bot]')
  const namesItself = by === login || by === ACTIONS_BOT
  return isBot && namesItself ? login : undefined
}

/**
 * The one bot that wrote records naming itself; undefined when none did. With two or more the
 * action cannot tell which is its own (WriterUnknownError).
 */
export function soleWriter(claims: readonly Claim[], name: string): string | undefined {
  const writers = new Map<string, string[]>()
  for (const claim of claims) {
    const bot = selfNamedBot(claim)
    if (!bot) {
      continue
    }
    const places = writers.get(bot) ?? []
    writers.set(bot, [...places, claim.where])
  }
  if (writers.size > 1) {
    throw new WriterUnknownError(name, writers)
  }
  return [...writers.keys()][0]
}

/**
 * Records of the same thing by two bots, each naming itself. Nothing is sent, and the next run
 * would meet them too, so the line says what to do.
 */
export class WriterUnknownError extends StateUnknownError {
  constructor(name: string, writers: ReadonlyMap<string, readonly string[]>) {
    super(name, 'records by more than one bot')
    const by = [...writers].map(([bot, where]) => {
      // Three places are enough to find the other account's records.
      const places = safeLine(where.slice(0, 3).join(', '), 200)
      return `${safeLine(bot, 100)} (${places})`
    })
    this.message =
      `Cannot tell which account ${name} writes as: GitHub would not say, ` +
      `and the docs agent's records here were written by ${by.join(' and ')}, ` +
      'so nothing was sent to the agent. ' +
      "Delete the comment or close the issue that the other account wrote (an earlier token's), " +
      `keeping the one ${name}'s account wrote, then run the workflow again.`
    this.name = 'WriterUnknownError'
  }
}
