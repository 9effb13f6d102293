// Preloaded with --import: writes the process's peak resident set size (KiB) to
// BENCH_MAX_RSS_FILE as it exits, however it exits normally.
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_MAX_RSS_FILE
if (file) {
  process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)))
}
