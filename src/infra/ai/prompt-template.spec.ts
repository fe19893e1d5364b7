import { renderFiles, renderPrompt, selectPromptFiles } from './prompt-template';

describe('prompt templates', () => {
  it('fills placeholders in one pass', () => {
    const out = renderPrompt('Lang {{language}} name {{ skillName }} {{unknown}}\n{{files}}', {
      language: 'English',
      skillName: 'x {{language}}',
      files: 'FILES {{skillName}}',
    });
    expect(out).toBe('Lang English name x {{language}} {{unknown}}\nFILES {{skillName}}');
  });

  it('appends the files when the template has no {{files}}', () => {
    expect(renderPrompt('Describe it.', { files: 'F' })).toBe('Describe it.\n\nF');
    expect(renderPrompt('System {{language}}', { language: 'de' })).toBe('System de');
  });

  it('orders instructions first and bounds the content', () => {
    const files = selectPromptFiles(
      [
        { path: 'b.py', kind: 'script', size: 10, content: 'x'.repeat(10) },
        { path: 'docs/a.md', kind: 'instruction', size: 50, content: 'y'.repeat(50) },
        { path: 'SKILL.md', kind: 'instruction', size: 30, content: 'z'.repeat(30) },
        { path: 'img.png', kind: 'resource', size: 99, content: null },
      ],
      60,
      40,
    );
    expect(files.map((f) => f.path)).toEqual(['SKILL.md', 'docs/a.md', 'b.py', 'img.png']);
    expect(files[0]).toMatchObject({ content: 'z'.repeat(30), omittedChars: 0 });
    expect(files[1]).toMatchObject({ content: 'y'.repeat(30), omittedChars: 20 });
    expect(files[2]).toMatchObject({ content: null, omittedChars: 10 });
    expect(files[3]).toMatchObject({ content: null, binary: true });
  });

  it('renders files with a boundary and optional line numbers', () => {
    const files = selectPromptFiles([{ path: 'SKILL.md', kind: 'instruction', size: 7, content: 'a\nb' }]);
    const text = renderFiles(files, { boundary: 'B0B', lineNumbers: true });
    expect(text).toBe('<<<FILE B0B path="SKILL.md" kind="instruction" bytes="7">>>\n1| a\n2| b\n<<<END FILE B0B>>>');
    expect(renderFiles(files, { boundary: 'X', lineNumbers: false })).toContain('\na\nb\n');
  });
});
