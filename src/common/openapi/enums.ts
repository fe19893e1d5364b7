/** Enumerations of the spec, shared by the response classes' OpenAPI metadata. */
export const SEVERITY = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const VERDICT = ['pass', 'review', 'block'] as const;
export const AXIS = ['security', 'privacy'] as const;
export const RELATION = ['new', 'identical', 'modified'] as const;
export const DETECTED_BY = ['static', 'ai'] as const;
