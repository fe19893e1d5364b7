/**
 * Model ids from a `GET {baseUrl}/models` reply: `data[].id`, falling back to `models[].id` or
 * `models[].name`; trimmed, de-duplicated and sorted (code-unit order). Returns null when the
 * reply has none of these shapes (the caller reports a malformed reply).
 */
export const MAX_MODELS = 5000;
const MAX_ID_LENGTH = 256;

export function parseModelList(reply: unknown): string[] | null {
  if (!reply || typeof reply !== 'object') return null;
  const body = reply as { data?: unknown; models?: unknown };
  let ids: unknown[] | null = null;
  if (Array.isArray(body.data)) {
    ids = body.data.map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined));
  } else if (Array.isArray(body.models)) {
    ids = body.models.map((m) => {
      if (typeof m === 'string') return m;
      if (!m || typeof m !== 'object') return undefined;
      const entry = m as { id?: unknown; name?: unknown };
      return typeof entry.id === 'string' && entry.id.trim() ? entry.id : entry.name;
    });
  }
  if (ids === null) return null;
  const unique = new Set<string>();
  for (const id of ids) {
    if (typeof id !== 'string') continue;
    const trimmed = id.trim();
    if (trimmed && trimmed.length <= MAX_ID_LENGTH) unique.add(trimmed);
    if (unique.size >= MAX_MODELS) break;
  }
  return [...unique].sort();
}
