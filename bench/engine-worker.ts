/**
 * A worker thread of the engine bench (bench/engine.bench.ts): receives its share of the skills
 * once, then evaluates all of them on each request and answers when done.
 */
import { parentPort } from 'node:worker_threads';
import { evaluate } from '../src/core/engine';
import type { SkillFile } from '../src/core/ingest/ingest.types';

let skills: SkillFile[][] = [];
parentPort?.on('message', (msg: { skills?: SkillFile[][] }) => {
  if (msg.skills) skills = msg.skills;
  else for (const s of skills) evaluate(s);
  parentPort?.postMessage('done');
});
