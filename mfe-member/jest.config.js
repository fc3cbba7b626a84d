import { jestConfig } from '../jest/config.js';

// No tests yet: the component tests come with this package's first test file.
export default jestConfig({ overrides: { passWithNoTests: true } });
