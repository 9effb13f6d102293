// Bottleneck without its Redis clustering, as plugin-throttling loads it: the same types.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck'
  export default Bottleneck
}
