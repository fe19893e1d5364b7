// Nest 12 ships ESM only: @swc/jest transpiles it (and our decorators, with metadata)
// for Jest's CommonJS runtime. Run through `npm test` (needs --experimental-vm-modules).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};
module.exports = {
  cacheDirectory: '<rootDir>/.jest-cache',
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/support/**/*.spec.ts', '<rootDir>/console/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.ts',
      globalTeardown: '<rootDir>/test/utils/global-teardown.ts',
      // Each suite (test file) gets its own database from the migrated template (e2e-run.ts).
      setupFilesAfterEnv: ['<rootDir>/test/utils/suite-hooks.ts'],
    },
  ],
};
