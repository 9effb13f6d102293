// The part of markdownlint-cli2's entry point that test/markdown-lint.test.ts calls (the
// package ships no type declarations).
declare module 'markdownlint-cli2' {
  export function main(params: {
    directory: string
    argv: string[]
    optionsOverride?: { config?: Record<string, unknown>; customRules?: unknown[] }
    logMessage?: (line: string) => void
    logError?: (line: string) => void
  }): Promise<number>
}
