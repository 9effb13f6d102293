// What users write instead of the action: create the job, then GET it at a fixed
// interval until it ends (`curl …; sleep 5` in a loop), here at the benchmark's
// scale. Prints {"jobId", "polls"} as one JSON line.
//   node bench/fixed-loop.ts <base-url> <api-key> <project-id> <prompt> <interval-ms>

const [baseUrl, apiKey, projectId, prompt, intervalText] = process.argv.slice(2)
if (!baseUrl || !apiKey || !projectId || !prompt || !intervalText) {
  throw new Error(
    'usage: node bench/fixed-loop.ts <base-url> <api-key> <project-id> <prompt> <interval-ms>'
  )
}
const intervalMs = Number(intervalText)
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }
const jobs = `${baseUrl}/v2/agent/${encodeURIComponent(projectId)}/job`
const TERMINAL = new Set(['completed', 'failed', 'archived'])
// Bounded, as a careful script would be: give up after a minute.
const giveUpAt = Date.now() + 60_000

async function call(url: string, init: RequestInit): Promise<{ id: string; status: string }> {
  const response = await fetch(url, { ...init, headers })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`)
  return (await response.json()) as { id: string; status: string }
}

const created = await call(jobs, { method: 'POST', body: JSON.stringify({ prompt }) })
let polls = 0
for (;;) {
  if (Date.now() > giveUpAt) throw new Error(`job ${created.id} did not end within a minute`)
  await new Promise((resolve) => setTimeout(resolve, intervalMs))
  const job = await call(`${jobs}/${encodeURIComponent(created.id)}`, { method: 'GET' })
  polls++
  if (TERMINAL.has(job.status)) break
}
console.log(JSON.stringify({ jobId: created.id, polls }))
