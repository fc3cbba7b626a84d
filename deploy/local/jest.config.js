import { jestConfig } from '../../jest/config.js';

export default jestConfig({ isolateFiles: true, testTimeout: 300_000 });
