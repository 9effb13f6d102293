// Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after
// Jest's own summary, so any CI log reader can count the results.
export default class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results
    const skipped = numPendingTests + numTodoTests
    process.stdout.write(
      `\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${skipped} skipped\n`
    )
  }
}
