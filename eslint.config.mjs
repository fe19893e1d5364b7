import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.jest-cache/**', 'data/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
    },
  },
  {
    // src/core is pure domain code: no framework, database, queue or I/O imports.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'bullmq', 'ioredis', 'pg', 'nestjs-*', 'express'], message: 'src/core is pure: no framework or I/O imports.' },
            { group: ['fs', 'node:fs', 'fs/*', 'node:fs/*', 'net', 'node:net', 'http', 'node:http', 'https', 'node:https', 'child_process', 'node:child_process'], message: 'src/core does no I/O.' },
            { group: ['**/modules/**', '**/infra/**', '**/queue/**', '**/common/**'], message: 'src/core must not depend on the app layers.' },
          ],
        },
      ],
    },
  },
);
