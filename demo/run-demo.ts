// `npm run demo`: the quick start's whole story against local stand-ins of the Agent Jobs
// API and GitHub, with no account and no network (demo/story.ts).
// `npm run demo -- --quick`: one one-shot job alone (demo/one-shot.ts).

import { oneShot } from './one-shot.ts'
import { story } from './story.ts'

const args = process.argv.slice(2)
if (args.some((arg) => arg !== '--quick')) {
  console.error('Usage: npm run demo [-- --quick]')
  process.exitCode = 2
} else {
  process.exitCode = args.includes('--quick') ? await oneShot() : await story()
}
