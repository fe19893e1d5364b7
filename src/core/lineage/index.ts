export * from './fingerprint';
export * from './lcs';
export * from './similarity';
export * from './relation';
export * from './diff';
