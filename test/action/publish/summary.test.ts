// The job summary shows the exact text that went to the agent: all of it, escaped, in a
// collapsed block, cut with a note only when very long.

import {
  promptBlock,
  SHOWN_PROMPT_CHARS,
  summaryMarkdown
} from '../../../src/action/publish/summary.js'

const outcome = (sent?: string) => ({
  ending: { conclusion: 'succeeded' as const, message: 'Job job_1 completed.' },
  jobId: 'job_1',
  job: undefined,
  created: true,
  polls: 1,
  waitEnd: undefined,
  sent,
  cancelled: undefined
})

describe('the text sent, in the job summary', () => {
  it('shows every line of what was sent, not only the first ones', () => {
    const sent = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n')
    const summary = summaryMarkdown(outcome(sent), 0, undefined, 'line 1')
    expect(summary).toContain('<details><summary>Sent to the agent</summary>')
    expect(summary).toContain('line 40</pre>')
    expect(summary).not.toContain('Prompt (not sent)')
  })

  it("shows the workflow's prompt as not sent when nothing went out", () => {
    const summary = summaryMarkdown(outcome(), 0, undefined, 'Document it')
    expect(summary).toContain(
      '<details><summary>Prompt (not sent)</summary>\n\n<pre>Document it</pre>'
    )
  })

  it('escapes what people wrote, so it cannot close the block', () => {
    const block = promptBlock('Sent to the agent', 'a </pre></details><script>x</script> b')
    expect(block).toContain('a &lt;/pre&gt;&lt;/details&gt;&lt;script&gt;x&lt;/script&gt; b')
    expect(block.match(/<\/pre>/g)).toHaveLength(1)
  })

  it('cuts a very long text with a note saying how much is left out', () => {
    const block = promptBlock('Sent to the agent', 'x'.repeat(SHOWN_PROMPT_CHARS + 123))
    expect(block).toContain('… 123 more characters are not shown here.')
    expect(block.length).toBeLessThan(SHOWN_PROMPT_CHARS + 200)
  })
})
