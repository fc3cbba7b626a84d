import { jestConfig } from '../../jest/config.js';

export default jestConfig({ testMatch: ['<rootDir>/test/**/*.test.{ts,tsx,js,mjs}'] });
