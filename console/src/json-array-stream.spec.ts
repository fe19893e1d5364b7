import { JsonArrayStream } from './json-array-stream';

function feed(text: string, cut: number[]): unknown[] {
  const stream = new JsonArrayStream<unknown>();
  const out: unknown[] = [];
  let from = 0;
  for (const at of [...cut, text.length]) {
    out.push(...stream.push(text.slice(from, at)));
    from = at;
  }
  expect(stream.complete).toBe(true);
  return out;
}

describe('JsonArrayStream', () => {
  const items = [
    { id: 1, name: 'a "quoted" } ] { [ name', nested: { list: [1, { x: '\\' }] } },
    { id: 2, name: 'ümlaut ✓ \n newline', nested: null },
    { id: 3, name: '', nested: [] },
  ];
  const text = JSON.stringify(items, null, 1);

  it('yields every element of a whole array', () => {
    expect(feed(text, [])).toEqual(items);
  });

  it('gives the same elements for every split point', () => {
    for (let at = 0; at <= text.length; at++) expect(feed(text, [at])).toEqual(items);
  });

  it('splits one character at a time', () => {
    expect(feed(text, Array.from({ length: text.length }, (_, i) => i))).toEqual(items);
  });

  it('reads an empty array', () => {
    expect(feed('[]', [1])).toEqual([]);
  });

  it('refuses what is not an array of objects', () => {
    expect(() => new JsonArrayStream().push('{"a":1}')).toThrow(SyntaxError);
    expect(() => new JsonArrayStream().push('[1,2]')).toThrow(SyntaxError);
  });

  it('is incomplete until the closing bracket', () => {
    const stream = new JsonArrayStream();
    expect(stream.push('[{"a":1},')).toEqual([{ a: 1 }]);
    expect(stream.complete).toBe(false);
  });
});
