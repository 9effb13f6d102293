// Lets the benchmark import src/ as Node runs it: src/ names its imports `.js` (as the
// compiled files are), and Node's type stripping finds only the `.ts` file beside each.
import { registerHooks } from 'node:module'

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      const fromSource = context.parentURL?.includes('/src/') && /^\.\.?\/.*\.js$/.test(specifier)
      if (!fromSource) throw error
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
    }
  }
})
