// Loaded into each spawned run by `npm run bench:tests` (never by the tests alone):
// on exit, appends the run's CPU time and the test file that started it, as one
// tab-separated line, so the benchmark can say where the suite's CPU goes.
import { appendFileSync } from 'node:fs'

const log = process.env.ACTION_RUNS_LOG
if (log) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage()
    appendFileSync(log, `${(user + system) / 1000}\t${process.env.ACTION_RUN_TEST_FILE ?? ''}\n`)
  })
}
