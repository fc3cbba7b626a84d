// styled-components ships CommonJS as its entry (its .esm.js file has no "type": "module" to
// make it one). Imported from an ES module, CommonJS gives `default` = module.exports, not
// the `styled` function webpack's interop gives the front ends; this shim gives the same.
import styledModule from 'styled-components/dist/styled-components.browser.cjs.js';

export * from 'styled-components/dist/styled-components.browser.cjs.js';
export default styledModule.default;
