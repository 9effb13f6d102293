// Rules that apply to the next matching requests of a stand-in server (a fault, a
// refusal): matched by method and path, each used up after `times` matches.

export interface RequestRule {
  method?: string
  path?: RegExp
  /** How many matching requests it applies to. */
  times?: number
}

export class RequestRules<R extends RequestRule> {
  private readonly rules: { rule: R; left: number }[] = []
  private readonly defaultTimes: number

  // A plain field, not a parameter property: this file also runs under Node's type stripping.
  constructor(defaultTimes: number) {
    this.defaultTimes = defaultTimes
  }

  /** Adds `rule`; the function returned lifts it before it is used up. */
  add(rule: R): () => void {
    const entry = { rule, left: rule.times ?? this.defaultTimes }
    this.rules.push(entry)
    return () => {
      const index = this.rules.indexOf(entry)
      if (index !== -1) this.rules.splice(index, 1)
    }
  }

  /** The first rule that matches (and that `accept` takes), counted as used once; undefined when none does. */
  take(method: string, path: string, accept: (rule: R) => boolean = () => true): R | undefined {
    const index = this.rules.findIndex(
      ({ rule, left }) =>
        left > 0 &&
        (!rule.method || rule.method === method) &&
        (!rule.path || rule.path.test(path)) &&
        accept(rule)
    )
    const entry = this.rules[index]
    if (!entry) return undefined
    entry.left--
    if (entry.left === 0) this.rules.splice(index, 1)
    return entry.rule
  }
}
