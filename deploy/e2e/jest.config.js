import { jestConfig } from '../../jest/config.js';

export default jestConfig({ isolateFiles: true, testTimeout: 600_000, overrides: { maxWorkers: 1 } });
