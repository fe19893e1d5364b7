/**
 * Splits a streamed JSON array of objects (GET /api/scans) into its elements as the text
 * arrives, so the first rows render before the last byte. Only the top-level array is scanned
 * character by character; each complete element goes through JSON.parse.
 */
export class JsonArrayStream<T> {
  private started = false;
  private ended = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private pending = '';

  /** Feeds the next piece of text; returns the elements completed by it. */
  push(chunk: string): T[] {
    const out: T[] = [];
    let segmentStart = this.depth > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.depth === 0) {
        if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
        if (!this.started) {
          if (c !== '[') throw new SyntaxError('expected a JSON array');
          this.started = true;
          continue;
        }
        if (this.ended) throw new SyntaxError('text after the end of the array');
        if (c === ',') continue;
        if (c === ']') {
          this.ended = true;
          continue;
        }
        if (c !== '{' && c !== '[') throw new SyntaxError('array elements must be objects or arrays');
        this.depth = 1;
        segmentStart = i;
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') this.inString = false;
        continue;
      }
      if (c === '"') this.inString = true;
      else if (c === '{' || c === '[') this.depth++;
      else if (c === '}' || c === ']') {
        this.depth--;
        if (this.depth === 0) {
          out.push(JSON.parse(this.pending + chunk.slice(segmentStart, i + 1)) as T);
          this.pending = '';
          segmentStart = -1;
        }
      }
    }
    if (this.depth > 0) this.pending += chunk.slice(segmentStart);
    return out;
  }

  /** True once the closing bracket was read. */
  get complete(): boolean {
    return this.ended;
  }
}
