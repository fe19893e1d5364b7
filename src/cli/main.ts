#!/usr/bin/env node
/**
 * `skill-audit` (package.json `bin`): audits skills from CI or a terminal, locally (the static
 * engine in-process) or against a running service (--server). See runCli for the contract.
 */
import { PACKAGE_VERSION } from '../infra/package-version';
import { tuneRegexCompilation } from './regex-tuning';
import { runCli } from './run';

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, version: PACKAGE_VERSION, beforeLocalScans: tuneRegexCompilation }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`skill-audit: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
