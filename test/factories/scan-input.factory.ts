import AdmZip from 'adm-zip';

export const BENIGN_SKILL = `---
name: csv-summary
description: Summarises a CSV file the user provides into a short markdown table.
---
# CSV summary

1. Read the CSV file the user names.
2. Count rows and columns and list the column names.
3. Reply with a short markdown table of the first five rows.
`;

export function textScan(text: string, overrides: Record<string, unknown> = {}) {
  return { source: 'text', useAi: false, text, ...overrides };
}

export function zipOf(files: Record<string, string | Buffer>, options: { order?: 'asc' | 'desc'; date?: Date } = {}): Buffer {
  const zip = new AdmZip();
  const names = Object.keys(files).sort();
  if (options.order === 'desc') names.reverse();
  for (const name of names) {
    const content = files[name];
    zip.addFile(name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
    if (options.date) zip.getEntry(name)!.header.time = options.date;
  }
  return zip.toBuffer();
}

export function zipScan(files: Record<string, string | Buffer>, overrides: Record<string, unknown> = {}) {
  return { source: 'zip', useAi: false, contentBase64: zipOf(files).toString('base64'), filename: 'skill.zip', ...overrides };
}
