import type { ScanSource, SkillFile } from '../ingest/ingest.types';

/** The scan's display name: the given name, else the skill's frontmatter name, else the filename (service and CLI alike). */
export function displayName(input: { name?: string | null; filename?: string | null; source: ScanSource }, files: readonly SkillFile[]): string {
  const given = input.name?.trim();
  if (given) return given;
  const skillMd = files.find((f) => f.path === 'SKILL.md') ?? files.find((f) => f.path.endsWith('SKILL.md'));
  const frontmatterName = skillMd?.content?.match(/^---\r?\n(?:.*\r?\n){0,50}?name:\s*["']?([^"'\r\n]{1,200})["']?\s*\r?\n/);
  if (frontmatterName) return frontmatterName[1].trim();
  const filename = input.filename?.trim();
  if (filename) return filename.slice(0, 200);
  return input.source === 'text' ? 'SKILL.md' : 'skill';
}
