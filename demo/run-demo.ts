// `npm run demo`: the action against the local stand-in of the Agent Jobs API, with no
// account and no network: one one-shot job (demo/one-shot.ts).

import { oneShot } from './one-shot.ts'

process.exitCode = await oneShot()
