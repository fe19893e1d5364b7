import { extractJsonObject, parseAnalysisReply, parseDescriptionReply, slugify } from './ai-replies';

describe('AI replies', () => {
  it('extracts JSON from plain, fenced and embedded answers', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('Sure:\n```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJsonObject('Result: {"a":3} done')).toEqual({ a: 3 });
    expect(extractJsonObject('no json here')).toBeNull();
    expect(extractJsonObject('[1,2]')).toBeNull();
  });

  it('parses descriptions', () => {
    expect(parseDescriptionReply('{"description":"  Does   things. "}')).toBe('Does things.');
    expect(parseDescriptionReply('{"description":""}')).toBeNull();
    expect(parseDescriptionReply('{"summary":"x"}')).toBeNull();
    expect(parseDescriptionReply('plain text')).toBeNull();
  });

  it('parses and normalises findings', () => {
    const reply = JSON.stringify({
      findings: [
        { axis: 'Security', severity: 'HIGH', title: 'Sends ~/.ssh to a server', description: 'd', file: 'SKILL.md', line: 3, snippet: 's' },
        { axis: 'privacy', severity: 'low', title: 'Tracks usage', file: 'unknown.md', line: 4 },
        { axis: 'other', severity: 'low', title: 'bad axis' },
        { axis: 'privacy', severity: 'urgent', title: 'bad severity' },
        { axis: 'privacy', severity: 'low' },
        'junk',
      ],
    });
    const drafts = parseAnalysisReply(reply, new Set(['SKILL.md']))!;
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).toEqual({
      ruleId: 'ai.sends-ssh-to-a-server',
      axis: 'security',
      severity: 'high',
      title: 'Sends ~/.ssh to a server',
      description: 'd',
      remediation: null,
      file: 'SKILL.md',
      line: 3,
      snippet: 's',
    });
    expect(drafts[1]).toMatchObject({ ruleId: 'ai.tracks-usage', file: null, line: null, description: 'Tracks usage' });
    expect(parseAnalysisReply('{"findings": []}', new Set())).toEqual([]);
    expect(parseAnalysisReply('{"result": []}', new Set())).toBeNull();
    expect(parseAnalysisReply('nope', new Set())).toBeNull();
  });

  it('slugifies titles', () => {
    expect(slugify('Übertragung an Dritte!')).toBe('ubertragung-an-dritte');
    expect(slugify('???')).toBe('finding');
    expect(slugify('a'.repeat(100)).length).toBe(60);
  });
});
