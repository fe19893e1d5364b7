import { parseModelList } from './model-list';

describe('parseModelList', () => {
  it('reads data[].id, de-duplicated and sorted', () => {
    expect(parseModelList({ data: [{ id: 'b' }, { id: 'a' }, { id: 'b' }, { id: 7 }, {}] })).toEqual(['a', 'b']);
  });

  it('falls back to models[].id, then models[].name', () => {
    expect(parseModelList({ models: [{ id: 'z' }, { name: 'y' }, { id: '', name: 'x' }, 'w'] })).toEqual(['w', 'x', 'y', 'z']);
  });

  it('prefers data over models', () => {
    expect(parseModelList({ data: [{ id: 'd' }], models: [{ id: 'm' }] })).toEqual(['d']);
  });

  it('answers an empty list for empty arrays and null for unknown shapes', () => {
    expect(parseModelList({ data: [] })).toEqual([]);
    expect(parseModelList({ object: 'list' })).toBeNull();
    expect(parseModelList('nope')).toBeNull();
    expect(parseModelList(null)).toBeNull();
  });
});
